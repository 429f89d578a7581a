// Where a webhook may go (SSRF): never to a private, loopback, link-local or otherwise
// non-public address unless the operator allows it (WEBHOOK_ALLOW_PRIVATE). The address is
// checked as the connection is made, on the address it is made to (the `lookup` of the socket),
// so a name that answers a public address when registered and a private one later (DNS
// rebinding) is refused all the same.
import dns from 'node:dns';
import net from 'node:net';

const V4_BLOCKED: Array<[string, number]> = [
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
];
const V6_BLOCKED: Array<[string, number]> = [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
];
const blocked = new net.BlockList();
for (const [address, prefix] of V4_BLOCKED) blocked.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of V6_BLOCKED) blocked.addSubnet(address, prefix, 'ipv6');

/** Whether `address` (an IP) is one a webhook may not reach by default. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is checked as the IPv4 one.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return blocked.check(address, 'ipv4');
}

export class RefusedAddressError extends Error {
  constructor(host: string) {
    super(`refused: ${host} is a private, loopback or link-local address (WEBHOOK_ALLOW_PRIVATE allows it)`);
    this.name = 'RefusedAddressError';
  }
}

/** The host of a URL without IPv6 brackets. */
export const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Why a URL may not be registered, or null: https only, and no private literal address or localhost, unless allowed. */
export function urlRefusal(raw: string, allowPrivate: boolean): 'errors.webhooks.httpsOnly' | 'errors.webhooks.privateAddress' | null {
  const url = new URL(raw);
  if (allowPrivate) return null;
  if (url.protocol !== 'https:') return 'errors.webhooks.httpsOnly';
  const host = bareHost(url).toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return 'errors.webhooks.privateAddress';
  if (net.isIP(host) && isPrivateAddress(host)) return 'errors.webhooks.privateAddress';
  return null;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** A socket `lookup` that resolves as usual and refuses every private answer (unless allowed). */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const usable = allowPrivate ? addresses : addresses.filter((a) => !isPrivateAddress(a.address));
      if (usable.length === 0) return callback(new RefusedAddressError(hostname), []);
      if (options.all) return callback(null, usable);
      const first = usable[0]!;
      callback(null, first.address, first.family);
    });
  };
}
