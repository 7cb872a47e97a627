import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config, VapidSettings } from './env';

/** Local mode's own keys, made at the first start and kept for every later one (decision 020). */
export const VAPID_KEY_FILE = 'vapid-keys.json';
/** The contact local mode's pushes carry (push services on loopback do not read it). */
const LOCAL_VAPID_SUBJECT = 'mailto:pushup-tracker@localhost';

/** The settings' keys, or in local mode those of DATA_DIR (made now if missing); null: none (production without them). */
export function resolveVapidKeys(config: Pick<Config, 'mode' | 'vapid' | 'dataDir'>): VapidSettings | null {
  if (config.vapid) return config.vapid;
  if (config.mode !== 'local') return null;
  return localVapidKeys(config.dataDir);
}

function isKeyPair(value: unknown): value is { publicKey: string; privateKey: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { publicKey, privateKey } = value as Record<string, unknown>;
  const bytes = (key: unknown) =>
    typeof key === 'string' && /^[A-Za-z0-9_-]+$/.test(key) ? Buffer.from(key, 'base64url').length : 0;
  return bytes(publicKey) === 65 && bytes(privateKey) === 32;
}

function readKeyFile(file: string): VapidSettings {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `${file} is not readable JSON (${error instanceof Error ? error.message : error}): delete it to make new keys (browsers then subscribe again)`,
    );
  }
  if (!isKeyPair(parsed)) {
    throw new Error(
      `${file} holds no VAPID publicKey (65 bytes) and privateKey (32 bytes) in base64url: delete it to make new keys (browsers then subscribe again)`,
    );
  }
  // A key file made by someone else's umask, or copied around, is made private again.
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey, subject: LOCAL_VAPID_SUBJECT };
}

/**
 * DATA_DIR/vapid-keys.json, readable by its owner only (0600). Made at the first start: written
 * to a temporary file and linked into place, so two processes starting together on one DATA_DIR
 * end up with the same keys (the second link fails, and that process reads the first one's).
 */
function localVapidKeys(dataDir: string): VapidSettings {
  const file = path.join(dataDir, VAPID_KEY_FILE);
  if (fs.existsSync(file)) return readKeyFile(file);
  fs.mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  return readKeyFile(file);
}
