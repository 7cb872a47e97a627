// @vitest-environment node
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGES } from '@pushup/shared';
import { SHARED_TEXTS_DE } from '@pushup/shared/messages-de';
import { describe, expect, it } from 'vitest';
import { CATALOG_PARTS, LOCALES_DIR, readCatalog, readLanguage } from '../scripts/catalog-file';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const LOCALES = LOCALES_DIR;
const require = createRequire(import.meta.url);

const PARTS = CATALOG_PARTS;

/**
 * The English catalogs as the code marks its texts today: the project's Lingui config, extracted into
 * a scratch folder (the committed catalogs stay as they are).
 */
function extractFromSource(): Record<(typeof PARTS)[number], Set<string>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lingui-check-'));
  const config = path.join(dir, 'lingui.config.ts');
  fs.writeFileSync(
    config,
    `import config from ${JSON.stringify(path.join(WEB, 'lingui.config.ts'))};
     export default { ...config, rootDir: ${JSON.stringify(WEB)}, locales: ['en'],
       catalogs: config.catalogs.map((catalog) => ({ ...catalog, path: catalog.path.replace('<rootDir>/src/locales', ${JSON.stringify(dir)}) })) };`,
  );
  // The CLI's own entry point: its package exports only the API, whose file sits beside it.
  const cli = path.join(path.dirname(require.resolve('@lingui/cli')), 'lingui.js');
  execFileSync(process.execPath, [cli, 'extract', '--config', config], { cwd: WEB, stdio: 'pipe' });
  const marked = (part: (typeof PARTS)[number]) =>
    new Set(readCatalog(path.join(dir, 'en', `${part}.po`)).keys());
  const parts = { core: marked('core'), app: marked('app'), legal: marked('legal') };
  fs.rmSync(dir, { recursive: true, force: true });
  return parts;
}

/** No text exists in one language and not in the other. */
describe('the language catalogs', () => {
  const english = readLanguage('en');
  const german = readLanguage('de');

  it('hold every text the code marks, each in its part, and no other (run `npm run i18n:extract -w @pushup/web`)', () => {
    const marked = extractFromSource();
    for (const part of PARTS) {
      const committed = new Set(readCatalog(path.join(LOCALES, 'en', `${part}.po`)).keys());
      expect(
        [...marked[part]].filter((id) => !committed.has(id)),
        `marked in the code, missing in ${part}.po`,
      ).toEqual([]);
      expect(
        [...committed].filter((id) => !marked[part].has(id)),
        `in ${part}.po, no longer in the code`,
      ).toEqual([]);
    }
  }, 60_000);

  it('have the same messages in English and German, part by part', () => {
    for (const part of PARTS) {
      const en = readCatalog(path.join(LOCALES, 'en', `${part}.po`));
      const de = readCatalog(path.join(LOCALES, 'de', `${part}.po`));
      expect(
        [...en.keys()].filter((id) => !de.has(id)),
        part,
      ).toEqual([]);
      expect(
        [...de.keys()].filter((id) => !en.has(id)),
        part,
      ).toEqual([]);
    }
  });

  it('have a German text for every message', () => {
    expect([...german].filter(([, text]) => text.trim() === '').map(([id]) => id)).toEqual([]);
  });

  it('keep every placeholder of the English text in the German one', () => {
    // A value ({name}, {count, plural, ...}) or a tag (<0>...</0>); not a plural's branch ("one {day}").
    const placeholders = (text: string) =>
      [...text.matchAll(/(?<!(?:zero|one|two|few|many|other|=\d+)\s?)\{\w+(?=[},])|<\/?\d+\/?>/g)]
        .map((match) => match[0])
        .sort();
    const differing = [...english.keys()].filter((id) => {
      const translated = german.get(id) ?? '';
      return placeholders(id).join() !== placeholders(translated).join();
    });
    expect(differing).toEqual([]);
  });

  it('have German for every shared message', () => {
    const missing = Object.keys(MESSAGES).filter(
      (key) => !SHARED_TEXTS_DE.messages[key as keyof typeof MESSAGES]?.trim(),
    );
    expect(missing).toEqual([]);
  });
});
