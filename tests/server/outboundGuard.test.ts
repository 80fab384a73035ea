import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { exchangeCode } from '../../server/integrations/oauthExchange.ts';
import {
  checkOutboundUrl,
  OutboundError,
  type OutboundPolicy,
  type Resolver,
  safeFetch,
} from '../../server/net/safeFetch.ts';
import { fakeResolver, PUBLIC_IP, refusedForms, serveOnLoopback, type TestServer } from './outboundForms.ts';

// Unit tests of the one outgoing client; the API side (save and delivery) is in outboundGuardApi.test.ts.
const dns = fakeResolver();
const strict: OutboundPolicy = { allowLoopback: false, resolve: dns.resolve };
const loopbackAllowed: OutboundPolicy = { allowLoopback: true, resolve: dns.resolve };

async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'no failure';
  } catch (error) {
    return error instanceof OutboundError ? error.reason : String(error);
  }
}

let receiver: TestServer;
beforeAll(async () => {
  receiver = await serveOnLoopback((_request, response) => response.end('ok'));
});
afterAll(() => receiver.close());

describe('outgoing client: which addresses it calls', () => {
  it('refuses every private, local and reserved address form, and calls none of them', async () => {
    const forms = refusedForms(receiver.port);
    const outcomes = await Promise.all(
      forms.map(async ({ url }) => [url, await failureOf(safeFetch(url, { method: 'POST' }, strict))]),
    );
    expect(outcomes.filter(([, reason]) => reason !== 'refused')).toEqual([]);
    expect(receiver.hits).toHaveLength(0);
    const kinds = new Set(forms.map((form) => form.kind));
    console.info(
      `outbound guard: ${forms.length} address forms refused (${kinds.size} kinds: ${[...kinds].join(', ')})`,
    );
  });

  it('with loopback allowed, refuses everything but loopback', async () => {
    const outcomes = await Promise.all(
      refusedForms(receiver.port).map(async ({ kind, url }) => ({
        kind,
        url,
        reason: await failureOf(checkOutboundUrl(url, loopbackAllowed)),
      })),
    );
    const allowed = outcomes.filter((outcome) => outcome.reason !== 'refused');
    // Only the plain loopback forms (numeric IPv4 is WHATWG-normalised to 127.0.0.1) pass; mapped IPv6 never does.
    expect(new Set(allowed.map((outcome) => outcome.kind))).toEqual(new Set(['loopback', 'numeric IPv4']));
    expect(await failureOf(checkOutboundUrl('http://10.0.0.1/', loopbackAllowed))).toBe('refused');
  });

  it('a name the (injected) resolver maps to 10.0.0.1 is refused; public names and addresses are called', async () => {
    expect(await failureOf(checkOutboundUrl('https://internal.example/x', strict))).toBe('refused');
    expect(await failureOf(checkOutboundUrl('https://mixed.example/x', strict))).toBe('refused');
    const checked = await checkOutboundUrl('https://public.example/x', strict);
    expect(checked.addresses.map((entry) => entry.address)).toEqual([PUBLIC_IP, '2606:4700::6810:84e5']);
    expect(await failureOf(checkOutboundUrl(`http://${PUBLIC_IP}/`, strict))).toBe('no failure');
    expect(await failureOf(checkOutboundUrl('http://[2606:4700:4700::1111]/', strict))).toBe('no failure');
    expect(await failureOf(checkOutboundUrl('https://nowhere.example/', strict))).toBe('not-found');
  });

  it('refuses other schemes and credentials in the URL', async () => {
    for (const url of [
      'ftp://public.example/',
      'file:///etc/passwd',
      'gopher://public.example/',
      'not a url',
    ]) {
      expect(await failureOf(checkOutboundUrl(url, strict)), url).toBe('invalid-url');
    }
    expect(await failureOf(checkOutboundUrl('https://user:pass@public.example/', strict))).toBe(
      'invalid-url',
    );
  });
});

describe('outgoing client: how it calls', () => {
  it('connects to the address it checked: the name is resolved once, so rebinding before connect goes nowhere', async () => {
    let lookups = 0;
    // First answer loopback (allowed here), any later answer a private address the connect must never see.
    const rebinding: Resolver = async () => {
      lookups += 1;
      return [{ address: lookups === 1 ? '127.0.0.1' : '10.0.0.1', family: 4 }];
    };
    const before = receiver.hits.length;
    const response = await safeFetch(
      `http://rebind.example:${receiver.port}/pinned`,
      { method: 'POST', body: '{}' },
      { allowLoopback: true, resolve: rebinding },
    );
    expect(response.status).toBe(200);
    expect(lookups).toBe(1);
    expect(receiver.hits.slice(before).map((hit) => [hit.url, hit.headers.host])).toEqual([
      ['/pinned', `rebind.example:${receiver.port}`],
    ]);
  });

  it('does not follow a redirect, even to loopback with loopback allowed', async () => {
    const second = await serveOnLoopback((_request, response) => response.end('second'));
    const first = await serveOnLoopback((_request, response) => {
      response.writeHead(302, { location: `${second.url}/elsewhere` }).end();
    });
    try {
      const response = await safeFetch(`${first.url}/start`, { method: 'POST', body: 'x' }, loopbackAllowed);
      expect({ status: response.status, ok: response.ok }).toEqual({ status: 302, ok: false });
      expect(first.hits).toHaveLength(1);
      expect(second.hits).toHaveLength(0);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('times out on a server that never answers', { timeout: 2_000 }, async () => {
    const slow = await serveOnLoopback(() => {}); // takes the request, never answers
    try {
      const reason = await failureOf(safeFetch(slow.url, {}, { ...loopbackAllowed, timeoutMs: 300 }));
      expect(reason).toBe('timeout');
      expect(slow.hits).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });

  it('reads at most 64 KiB of an endless body and drops the rest', { timeout: 5_000 }, async () => {
    const chunk = Buffer.alloc(16 * 1024, 'a');
    const endless = await serveOnLoopback((_request, response) => {
      response.writeHead(200);
      const pump = () => {
        if (response.destroyed || response.writableEnded) return;
        response.write(chunk, () => setImmediate(pump));
      };
      pump();
    });
    try {
      const response = await safeFetch(endless.url, {}, loopbackAllowed);
      expect({ status: response.status, bytes: response.body.length, truncated: response.truncated }).toEqual(
        {
          status: 200,
          bytes: 64 * 1024,
          truncated: true,
        },
      );
    } finally {
      await endless.close();
    }
  });
});

describe('outgoing client: everything goes through it', () => {
  it('the OAuth token exchange refuses a loopback token URL unless loopback is allowed', async () => {
    const provider = await serveOnLoopback((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ access_token: 'tok', expires_in: 60 }));
    });
    const client = {
      clientId: 'c',
      clientSecret: 's',
      authorizeUrl: `${provider.url}/authorize`,
      tokenUrl: `${provider.url}/token`,
      scope: 'x',
    };
    try {
      await expect(
        exchangeCode(client, 'Google Ads', 'code', 'https://app.example/', strict),
      ).rejects.toMatchObject({
        statusCode: 502,
        message: 'Google Ads could not be reached',
      });
      expect(provider.hits).toHaveLength(0);
      const tokens = await exchangeCode(
        client,
        'Google Ads',
        'code',
        'https://app.example/',
        loopbackAllowed,
      );
      expect(tokens.accessToken).toBe('tok');
    } finally {
      await provider.close();
    }
  });

  it('ALLOW_LOOPBACK_OUTBOUND is off unless set to true, and a typo stops the start', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'outbound-config-'));
    try {
      expect(loadConfig({ DATA_DIR: dataDir }).allowLoopbackOutbound).toBe(false);
      expect(loadConfig({ DATA_DIR: dataDir, ALLOW_LOOPBACK_OUTBOUND: 'false' }).allowLoopbackOutbound).toBe(
        false,
      );
      expect(loadConfig({ DATA_DIR: dataDir, ALLOW_LOOPBACK_OUTBOUND: 'true' }).allowLoopbackOutbound).toBe(
        true,
      );
      expect(() => loadConfig({ DATA_DIR: dataDir, ALLOW_LOOPBACK_OUTBOUND: 'yes please' })).toThrow(
        /ALLOW_LOOPBACK_OUTBOUND/,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
