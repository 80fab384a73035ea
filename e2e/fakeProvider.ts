// A fake OAuth provider and webhook receiver on loopback for the browser tests (run by playwright.config's
// webServer): /authorize redirects back with a code, /token exchanges it, /hook receives webhooks.
import { createServer } from 'node:http';

const port = Number(process.env.FAKE_PROVIDER_PORT ?? 4100);
const CLIENT_ID = 'e2e-client';
const CLIENT_SECRET = 'e2e-secret';
const CODE = 'e2e-code';
const received: Array<{ path: string; headers: Record<string, unknown>; body: string }> = [];

createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (url.pathname === '/health') return json(200, { ok: true });
    if (url.pathname === '/authorize') {
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      if (url.searchParams.get('client_id') !== CLIENT_ID) return json(400, { error: 'unknown client' });
      back.searchParams.set('code', CODE);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(body);
      const ok =
        form.get('client_id') === CLIENT_ID &&
        form.get('client_secret') === CLIENT_SECRET &&
        form.get('code') === CODE;
      return ok
        ? json(200, { access_token: 'e2e-access', refresh_token: 'e2e-refresh', expires_in: 3600 })
        : json(400, { error: 'invalid_grant' });
    }
    if (url.pathname === '/hook' && req.method === 'POST') {
      received.push({ path: url.pathname, headers: req.headers, body });
      return json(200, { received: true });
    }
    if (url.pathname === '/feed' && req.method === 'POST') return json(200, { id: 'page_post_1' });
    if (url.pathname === '/hook/received') return json(200, received);
    json(404, { error: 'not found' });
  });
}).listen(port, '127.0.0.1');
