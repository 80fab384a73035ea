import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ResolvedAddress, Resolver } from '../../server/net/safeFetch.ts';

/** The address forms an outgoing request must refuse, by kind; `port` is a loopback receiver's (where it applies). */
export function refusedForms(port: number): Array<{ kind: string; url: string }> {
  const forms: Record<string, string[]> = {
    loopback: [
      `http://127.0.0.1:${port}/hook`,
      `https://127.0.0.1:${port}/hook`,
      `http://127.255.255.254:${port}/hook`,
      `http://127.0.0.1.:${port}/hook`,
      `http://localhost:${port}/hook`,
      `http://api.localhost:${port}/hook`,
      `http://[::1]:${port}/hook`,
    ],
    'numeric IPv4': [
      `http://2130706433:${port}/hook`,
      `http://0x7f000001:${port}/hook`,
      `http://0177.0.0.1:${port}/hook`,
      `http://127.1:${port}/hook`,
      `http://0x7f.1:${port}/hook`,
      `http://017700000001:${port}/hook`,
    ],
    unspecified: [`http://0.0.0.0:${port}/hook`, `http://0:${port}/hook`, `http://[::]:${port}/hook`],
    private: [
      'http://10.0.0.1/hook',
      'http://172.16.0.1/hook',
      'http://172.31.255.254/hook',
      'http://192.168.1.1/hook',
      'http://100.64.0.1/hook',
    ],
    'link-local': ['http://169.254.169.254/latest/meta-data/', 'http://[fe80::1]/hook'],
    'unique-local': ['http://[fc00::1]/hook', 'http://[fd12:3456:789a::1]/hook'],
    multicast: ['http://224.0.0.1/hook', 'http://239.255.255.250/hook', 'http://[ff02::1]/hook'],
    broadcast: ['http://255.255.255.255/hook'],
    reserved: [
      'http://240.0.0.1/hook',
      'http://192.0.2.1/hook',
      'http://198.18.0.1/hook',
      'http://[2001:db8::1]/hook',
      'http://[100::1]/hook',
      'http://[2002:7f00:1::1]/hook',
    ],
    'IPv4-mapped/compatible IPv6': [
      `http://[::ffff:127.0.0.1]:${port}/hook`,
      `http://[::ffff:7f00:1]:${port}/hook`,
      `http://[0:0:0:0:0:ffff:7f00:1]:${port}/hook`,
      'http://[::ffff:169.254.169.254]/hook',
      'http://[::ffff:10.0.0.1]/hook',
      `http://[::127.0.0.1]:${port}/hook`,
    ],
    'NAT64 of a private address': [
      'http://[64:ff9b::127.0.0.1]/hook',
      'http://[64:ff9b::a00:1]/hook',
      'http://[64:ff9b::169.254.169.254]/hook',
    ],
    // Names the fake resolver maps to refused addresses (one public and one private answer is refused too).
    'name resolving privately': [
      'http://internal.example/hook',
      'http://metadata.example/hook',
      'http://ula.example/hook',
      'http://mixed.example/hook',
    ],
  };
  return Object.entries(forms).flatMap(([kind, urls]) => urls.map((url) => ({ kind, url })));
}

export const PUBLIC_IP = '93.184.215.14';

/** A fake DNS: fixed answers, plus names a test may point elsewhere (rebinding). Unknown names are not found. */
export function fakeResolver(): { resolve: Resolver; set: (name: string, ...addresses: string[]) => void } {
  const answers = new Map<string, ResolvedAddress[]>();
  const set = (name: string, ...addresses: string[]) =>
    answers.set(
      name,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  set('internal.example', '10.0.0.1');
  set('metadata.example', '169.254.169.254');
  set('ula.example', 'fd00::1');
  set('mixed.example', PUBLIC_IP, '10.0.0.1');
  set('public.example', PUBLIC_IP, '2606:4700::6810:84e5');
  const resolve: Resolver = async (name) => {
    const found = answers.get(name);
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return found;
  };
  return { resolve, set };
}

export type TestServer = { url: string; port: number; hits: IncomingMessage[]; close: () => Promise<void> };

/** An HTTP server on 127.0.0.1 with a handler of the test's own (redirecting, slow, endless), counting requests. */
export async function serveOnLoopback(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<TestServer> {
  const hits: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    hits.push(request);
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
