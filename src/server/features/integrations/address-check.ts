import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may never reach in production: this network, private ranges, loopback,
 * link-local (where cloud metadata services answer, 169.254.169.254), carrier-grade NAT,
 * multicast and the reserved and documentation ranges. A receiver on the public internet is
 * never at one of them.
 */
const forbidden = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv6');
}

/**
 * Whether an IP address is one a webhook must not reach in production. Text that is not an IP
 * address counts as forbidden: only a checked address is ever connected to.
 */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return forbidden.check(address, 'ipv4');
  if (family !== 6) return true;
  const embedded = embeddedIpv4(address);
  if (embedded !== null) return isForbiddenAddress(embedded);
  return forbidden.check(address, 'ipv6');
}

/**
 * The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) or
 * NAT64 (64:ff9b::a.b.c.d) IPv6 address: these reach the IPv4 host, so the IPv4 rules apply.
 */
function embeddedIpv4(address: string): string | null {
  const groups = expandIpv6(address);
  if (!groups) return null;
  const high = groups.slice(0, 6);
  const isMapped = high.slice(0, 5).every((g) => g === 0) && high[5] === 0xffff;
  const isCompatible = high.every((g) => g === 0) && (groups[6]! !== 0 || groups[7]! > 1);
  const isNat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0);
  if (!isMapped && !isCompatible && !isNat64) return null;
  const [a, b] = [groups[6]!, groups[7]!];
  return `${a >> 8}.${a & 0xff}.${b >> 8}.${b & 0xff}`;
}

/** The eight 16-bit groups of an IPv6 address (with or without a dotted IPv4 tail). */
function expandIpv6(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const parts = dotted[1]!.split('.').map(Number);
    const tail = `${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
    text = text.slice(0, -dotted[1]!.length) + tail;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (rest === undefined ? left.length !== 8 : missing < 0) return null;
  const groups = [...left, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...right];
  const numbers = groups.map((group) => Number.parseInt(group || '0', 16));
  return numbers.some((n) => Number.isNaN(n) || n < 0 || n > 0xffff) ? null : numbers;
}
