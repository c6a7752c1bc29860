import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Where a webhook may not go (SSRF): private, loopback, link-local, unique-local, multicast and reserved ranges. */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** True for an address no webhook may reach unless private targets are allowed (IPv4-mapped IPv6 included). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  if (/^::ffff:/i.test(address)) return true;
  return blocked.check(address, 'ipv6');
}

export interface WebhookTarget {
  url: URL;
  /** The checked address the connection goes to (never resolved again). */
  address: string;
  family: 4 | 6;
}

export class WebhookTargetError extends Error {}

function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/** The URL's own rules: https (http too when private targets are allowed), no credentials in it. */
export function checkWebhookUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookTargetError('Must be a valid URL');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw new WebhookTargetError('Webhook URLs must use https');
  }
  if (url.username || url.password)
    throw new WebhookTargetError('The URL may not carry a user name or password');
  const host = hostOf(url);
  if (isIP(host) && !allowPrivate && isPrivateAddress(host)) {
    throw new WebhookTargetError('Private, loopback and link-local addresses are not allowed');
  }
  return url;
}

/**
 * Resolves the URL's host and checks every address it resolves to (a name pointing at a private address is
 * refused as the address itself would be); the connection then goes to the first checked address.
 */
export async function resolveWebhookTarget(raw: string, allowPrivate: boolean): Promise<WebhookTarget> {
  const url = checkWebhookUrl(raw, allowPrivate);
  const host = hostOf(url);
  const family = isIP(host);
  if (family === 4 || family === 6) return { url, address: host, family };
  let addresses: { address: string; family: number }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new WebhookTargetError(`The host ${host} does not resolve`);
  }
  if (addresses.length === 0) throw new WebhookTargetError(`The host ${host} does not resolve`);
  if (!allowPrivate && addresses.some((entry) => isPrivateAddress(entry.address))) {
    throw new WebhookTargetError(`The host ${host} resolves to a private, loopback or link-local address`);
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
