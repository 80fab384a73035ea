import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { method: string; path: string; headers: IncomingMessage['headers']; body: string };
export type Answer = { status: number; body?: unknown };

/**
 * A tiny HTTP server on 127.0.0.1 that records every request and answers with `respond`
 * (a fake OAuth provider, a webhook receiver). Not a mock of our code: our code reaches it over TCP.
 */
export type Loopback = { url: string; received: Received[]; close: () => Promise<void> };

export async function startLoopback(
  respond: (request: Received, index: number) => Answer,
): Promise<Loopback> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(entry);
      const answer = respond(entry, received.length - 1);
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const FAKE_CLIENT = { clientId: 'client-123', clientSecret: 'shh-secret', goodCode: 'good-code' };

/** An OAuth provider's token endpoint: the right client and code get tokens, anything else invalid_grant. */
export function fakeTokenEndpoint(request: Received): Answer {
  const form = new URLSearchParams(request.body);
  if (request.path.startsWith('/feed')) return { status: 200, body: { id: 'post_1' } };
  const valid =
    form.get('grant_type') === 'authorization_code' &&
    form.get('client_id') === FAKE_CLIENT.clientId &&
    form.get('client_secret') === FAKE_CLIENT.clientSecret &&
    form.get('code') === FAKE_CLIENT.goodCode;
  return valid
    ? { status: 200, body: { access_token: 'access-xyz', refresh_token: 'refresh-xyz', expires_in: 3600 } }
    : { status: 400, body: { error: 'invalid_grant' } };
}
