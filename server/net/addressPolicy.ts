import { BlockList, isIP } from 'node:net';

/** What an IP address is, as far as outgoing requests care. Only `public` (and, when allowed, `loopback`) is called. */
export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unique-local'
  | 'multicast'
  | 'broadcast'
  | 'unspecified'
  | 'reserved'
  | 'ipv4-in-ipv6'
  | 'invalid';

type Rule = [network: string, prefix: number, kind: AddressClass];

// First match wins, so narrower ranges come before the ranges that contain them.
const IPV4_RULES: Rule[] = [
  ['0.0.0.0', 8, 'unspecified'], // "this network"; 0.0.0.0 reaches the local host on Linux
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'private'], // carrier-grade NAT
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'], // cloud metadata services live here
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.31.196.0', 24, 'reserved'],
  ['192.52.193.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['192.175.48.0', 24, 'reserved'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['255.255.255.255', 32, 'broadcast'],
  ['240.0.0.0', 4, 'reserved'],
];

const IPV6_RULES: Rule[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d) reach an IPv4 host through an IPv6 literal:
  // never needed for a webhook, always refused (the stack would connect to the embedded address).
  ['::ffff:0:0', 96, 'ipv4-in-ipv6'],
  ['::', 96, 'ipv4-in-ipv6'],
  ['64:ff9b:1::', 48, 'reserved'], // local-use NAT64
  ['100::', 64, 'reserved'],
  ['2001:db8::', 32, 'reserved'],
  ['2001::', 23, 'reserved'], // Teredo, ORCHID and other protocol assignments
  ['2002::', 16, 'reserved'], // 6to4 embeds any IPv4 address
  ['3fff::', 20, 'reserved'],
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'reserved'],
  ['ff00::', 8, 'multicast'],
];

type CompiledRule = { list: BlockList; kind: AddressClass };

function compile(rules: Rule[], family: 'ipv4' | 'ipv6'): CompiledRule[] {
  return rules.map(([network, prefix, kind]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, family);
    return { list, kind };
  });
}

const IPV4 = compile(IPV4_RULES, 'ipv4');
const IPV6 = compile(IPV6_RULES, 'ipv6');
const NAT64 = compile([['64:ff9b::', 96, 'public']], 'ipv6')[0];
const GLOBAL_UNICAST = compile([['2000::', 3, 'public']], 'ipv6')[0];

/** Classifies an IP address (a zone id such as `%eth0` is ignored). Host names are `invalid`: resolve them first. */
export function classifyAddress(raw: string): AddressClass {
  const address = raw.replace(/%.*$/, '');
  const family = isIP(address);
  if (family === 4) return IPV4.find((rule) => rule.list.check(address, 'ipv4'))?.kind ?? 'public';
  if (family !== 6) return 'invalid';
  const matched = IPV6.find((rule) => rule.list.check(address, 'ipv6'));
  if (matched) return matched.kind;
  // NAT64 (64:ff9b::a.b.c.d) goes wherever its embedded IPv4 address goes: public, or refused even as loopback.
  if (NAT64.list.check(address, 'ipv6')) {
    return classifyAddress(embeddedIpv4(address)) === 'public' ? 'public' : 'ipv4-in-ipv6';
  }
  // Outside 2000::/3 nothing is assigned for global unicast.
  return GLOBAL_UNICAST.list.check(address, 'ipv6') ? 'public' : 'reserved';
}

/** Whether an outgoing request may connect to this address: public ones, and loopback only when allowed. */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  const kind = classifyAddress(address);
  return kind === 'public' || (allowLoopback && kind === 'loopback');
}

// The last 32 bits of an IPv6 address as dotted IPv4.
function embeddedIpv4(address: string): string {
  const words = ipv6Words(address);
  const high = words[6] ?? 0;
  const low = words[7] ?? 0;
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

// The eight 16-bit words of a valid IPv6 address (isIP already said it is one).
function ipv6Words(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const first = head ? head.split(':') : [];
  const last = tail ? tail.split(':') : [];
  const gap = tail === undefined ? [] : Array<string>(8 - first.length - last.length).fill('0');
  return [...first, ...gap, ...last].map((word) => Number.parseInt(word, 16));
}
