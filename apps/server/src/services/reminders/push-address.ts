import { createPublicKey } from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { MESSAGES, type ReminderDeviceBody } from '@pushup/shared';
import { AppError } from '../../errors/app-error';

/** A device's push subscription as a push can use it. */
export interface PushAddress {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A host name's addresses (node:dns/promises lookup with all: true; tests give a table). */
export type HostResolver = (hostname: string) => Promise<readonly LookupAddress[]>;

/** Where a device's pushes may go (docs/security.md, "Reminders (Web Push)"). */
export interface PushAddressPolicy {
  /**
   * Local mode: a push service on this machine too (plain http, any port, loopback addresses and
   * `localhost`), for the tests' and a developer's local push service. Production: public only.
   */
  local: boolean;
  /** The system's resolver unless given. */
  resolve?: HostResolver;
}

/**
 * Where to connect for an endpoint: the address that was checked (a send connects to it and does not
 * resolve the name again), or why not: `endpoint` (the URL: scheme, port, credentials, an address or
 * an internal name), `address` (the name resolves to an address that is not public), `unresolved`
 * (the name resolves to nothing now).
 */
export type PushDestination =
  | { ok: true; address: string; family: 4 | 6 }
  | { ok: false; reason: 'endpoint' | 'address' | 'unresolved' };

const systemResolver: HostResolver = (hostname) => lookup(hostname, { all: true });

/**
 * The IPv4 ranges that are not public (IANA's special-purpose registry): no push service is there,
 * and the machines next to the server (its network, the cloud's metadata service) are.
 */
const NON_PUBLIC_V4: readonly [string, number][] = [
  ['0.0.0.0', 8], // this network, unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, the metadata service 169.254.169.254 among them
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

/**
 * IPv6: only global unicast (2000::/3) is public, less these parts of it. Outside it are the
 * unspecified and loopback addresses, IPv4-compatible and -translated ones, unique-local (fc00::/7),
 * link-local (fe80::/10), multicast (ff00::/8) and the rest. IPv4-mapped (::ffff:0:0/96) and NAT64
 * (64:ff9b::/96) addresses are judged by the IPv4 address they carry.
 */
const NON_PUBLIC_V6_IN_GLOBAL: readonly [string, number][] = [
  ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['3fff::', 20], // documentation
];

const nonPublicV4 = new BlockList();
for (const [network, prefix] of NON_PUBLIC_V4) nonPublicV4.addSubnet(network, prefix, 'ipv4');
const globalV6 = new BlockList();
globalV6.addSubnet('2000::', 3, 'ipv6');
const nonPublicGlobalV6 = new BlockList();
for (const [network, prefix] of NON_PUBLIC_V6_IN_GLOBAL) nonPublicGlobalV6.addSubnet(network, prefix, 'ipv6');

/** The 16 bytes of an IPv6 address (valid, no zone). */
function ipv6Bytes(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const [a, b, c, d] = dotted.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...Array(8 - left.length - right.length).fill(0), ...right] as number[];
  return all.flatMap((group) => [group >> 8, group & 0xff]);
}

const prefixIs = (bytes: number[], prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);
const IPV4_MAPPED = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];
const NAT64 = [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0];

/** Whether the address is public: one a push service may have, none of this server's network. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 4) return !nonPublicV4.check(bare, 'ipv4');
  if (version !== 6) return false;
  const bytes = ipv6Bytes(bare);
  if (prefixIs(bytes, IPV4_MAPPED) || prefixIs(bytes, NAT64)) {
    return isPublicAddress(bytes.slice(12).join('.'));
  }
  return globalV6.check(bare, 'ipv6') && !nonPublicGlobalV6.check(bare, 'ipv6');
}

function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 4) return bare.startsWith('127.');
  if (version !== 6) return false;
  const bytes = ipv6Bytes(bare);
  if (prefixIs(bytes, IPV4_MAPPED)) return bytes[12] === 127;
  return bytes.slice(0, 15).every((byte) => byte === 0) && bytes[15] === 1;
}

/**
 * Names that are never a push service's: this machine (`localhost`), names of the local network
 * (mDNS `.local`, `.home.arpa`, `.lan`) and of a cloud's inside (`metadata.google.internal`), and
 * reverse-lookup names. A name of one label (`metadata`) is refused too.
 */
const INTERNAL_SUFFIXES = ['localhost', 'local', 'internal', 'arpa', 'lan', 'intranet', 'corp'];

function isInternalName(host: string): boolean {
  const labels = host.split('.');
  if (labels.length < 2) return true;
  return INTERNAL_SUFFIXES.includes(labels.at(-1) as string);
}

const isLocalhostName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/** The URL's host as it is resolved (no brackets, no final dot, lower case), or null when refused. */
function endpointHost(endpoint: string, local: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && !(local && url.protocol === 'http:')) return null;
  // 443 is written as no port at all by the URL parser; other ports are no push service's.
  if (!local && url.port !== '') return null;
  if (url.username || url.password) return null;
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (isIP(host) !== 0) {
    // Push services have names. Local mode: an address of this machine (a local push service).
    return local && isLoopbackAddress(host) ? host : null;
  }
  if (local && isLocalhostName(host)) return host;
  return isInternalName(host) ? null : host;
}

/**
 * Where a push to `endpoint` may go, checked now: an https URL on the usual port, on a name that is
 * not internal, every address of which is public (local mode: loopback too). The caller connects to
 * the address returned, so a name rebound after the check cannot send it elsewhere.
 */
export async function pushDestination(endpoint: string, policy: PushAddressPolicy): Promise<PushDestination> {
  const host = endpointHost(endpoint, policy.local);
  if (host === null) return { ok: false, reason: 'endpoint' };
  let addresses: readonly LookupAddress[];
  if (isIP(host) !== 0) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await (policy.resolve ?? systemResolver)(host);
    } catch {
      return { ok: false, reason: 'unresolved' };
    }
  }
  const first = addresses[0];
  if (!first) return { ok: false, reason: 'unresolved' };
  const allowed = (address: string) =>
    isPublicAddress(address) || (policy.local && isLoopbackAddress(address));
  if (!addresses.every((entry) => allowed(entry.address))) return { ok: false, reason: 'address' };
  return { ok: true, address: first.address, family: first.family === 6 ? 6 : 4 };
}

const badSubscription = () => new AppError('VALIDATION_ERROR', MESSAGES.pushSubscriptionInvalid);

/** The bytes of base64url text (padding allowed), or null. */
function base64urlBytes(text: string): Buffer | null {
  const bare = text.replace(/=+$/, '');
  return /^[A-Za-z0-9_-]+$/.test(bare) ? Buffer.from(bare, 'base64url') : null;
}

/** Whether the 65 bytes are an uncompressed point on P-256 (0x04, x, y), as Web Push's keys are. */
function isP256Point(key: Buffer): boolean {
  if (key.length !== 65 || key[0] !== 4) return false;
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: key.subarray(1, 33).toString('base64url'),
        y: key.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * The endpoint and keys as a push can use them, else 400: the endpoint as `pushDestination` takes
 * it, in printable ASCII; `p256dh` a point on P-256 (65 bytes, uncompressed); `auth` 16 bytes
 * (RFC 8291). A name that resolves to nothing at the moment is kept: every send checks it again
 * and goes nowhere until it resolves to public addresses only.
 */
export async function checkedPushAddress(
  body: ReminderDeviceBody,
  policy: PushAddressPolicy,
): Promise<PushAddress> {
  // Printable ASCII only: push services' endpoints are, and the unique index stays small.
  if (!/^[\x21-\x7e]+$/.test(body.endpoint)) throw badSubscription();
  const key = base64urlBytes(body.keys.p256dh);
  const secret = base64urlBytes(body.keys.auth);
  if (!key || !isP256Point(key) || secret?.length !== 16) throw badSubscription();
  const destination = await pushDestination(body.endpoint, policy);
  if (!destination.ok && destination.reason !== 'unresolved') throw badSubscription();
  return {
    endpoint: body.endpoint,
    p256dh: key.toString('base64url'),
    auth: secret.toString('base64url'),
  };
}
