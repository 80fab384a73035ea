import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate.ts';
import { describeEachDatabase, INDEX_HTML } from './harness.ts';

describeEachDatabase('app', (ctx) => {
  it('GET /api/health answers ok after checking the database', async () => {
    const response = await ctx.call('GET', '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('HEAD works for the health check and client routes', async () => {
    expect((await ctx.call('HEAD', '/api/health')).statusCode).toBe(200);
    const page = await ctx.call('HEAD', '/login');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it('migrations are recorded and not applied twice', async () => {
    expect(await migrate(ctx.db)).toEqual({ applied: [] });
    const rows = await ctx.db.query<{ name: string }>('select name from schema_migrations order by name');
    expect(rows.map((row) => row.name)).toContain('0001_init.sql');
  });

  it('unknown /api routes answer 404 JSON, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['DELETE', '/api/health'],
      ['GET', '/api'],
    ] as const) {
      const response = await ctx.call(method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
  });

  it('client routes fall back to index.html with security headers and no caching', async () => {
    for (const url of [
      '/',
      '/login',
      '/google-callback?code=abc&state=x',
      '/apollo-callback',
      '/anything/deep',
    ]) {
      const response = await ctx.call('GET', url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('same-origin');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      // An image the owner gives by its https address shows in the builder as on the published site.
      expect(csp).toContain("img-src 'self' https: data: blob:");
    }
  });

  it("the app's pages (/index.html itself, client routes, the OAuth callback) carry the full set of security headers", async () => {
    for (const url of [
      '/index.html',
      '/',
      '/login',
      '/google-callback?code=abc&state=x',
      '/dashboard/settings',
    ]) {
      const response = await ctx.call('GET', url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      const csp = String(response.headers['content-security-policy']).split('; ');
      // Only the app's own script files: no inline script, no eval, nothing from elsewhere.
      expect(
        csp.filter((directive) => /^(script|default)-src/.test(directive)),
        url,
      ).toEqual(["default-src 'self'", "script-src 'self'"]);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['referrer-policy'], url).toBe('same-origin');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      const permissions = String(response.headers['permissions-policy']).split(', ');
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) {
        expect(permissions, `${url} ${feature}`).toContain(feature);
      }
      // The Copy button of an invitation link writes to the clipboard: that stays allowed.
      expect(
        permissions.some((entry) => entry.startsWith('clipboard')),
        url,
      ).toBe(false);
      // No opener policy: the Google OAuth popup posts its code back through window.opener.
      expect(response.headers['cross-origin-opener-policy'], url).toBeUndefined();
    }
    const framed = await ctx.call('GET', '/hangfire');
    expect(String(framed.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(framed.headers['permissions-policy']).toBe(
      (await ctx.call('GET', '/login')).headers['permissions-policy'],
    );
  });

  it('the shell the build starts from has no inline script (the CSP allows none)', async () => {
    const html = await readFile(new URL('../../index.html', import.meta.url), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc="/);
      expect(body?.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  });

  it('every answer is nosniff, API JSON and errors included; JSON gets no page policy', async () => {
    const answers = [
      await ctx.call('GET', '/api/health'),
      await ctx.call('GET', '/api/nope'),
      await ctx.call('GET', '/api/user/me'),
      await ctx.call('POST', '/api/auth/login', { body: { email: 'bad' } }),
      await ctx.call('GET', '/assets/app-abc123.js'),
    ];
    expect(answers.map((response) => response.statusCode)).toEqual([200, 404, 401, 400, 200]);
    for (const response of answers) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    for (const response of answers.slice(0, 4)) {
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-security-policy']).toBeUndefined();
      expect(response.headers['permissions-policy']).toBeUndefined();
    }
  });

  it('hashed assets are immutable; sw.js and the tab broker are revalidated', async () => {
    const asset = await ctx.call('GET', '/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    const worker = await ctx.call('GET', '/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    // Not hashed, so a deploy must be picked up at once rather than after a heuristic cache time.
    const broker = await ctx.call('GET', '/tab-broker.js');
    expect(broker.statusCode).toBe(200);
    expect(broker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(broker.headers['cache-control']).toBe('no-cache');
  });

  it('a missing asset and non-GET client paths are 404, not index.html', async () => {
    expect((await ctx.call('POST', '/login')).statusCode).toBe(404);
    // A stale hashed asset must not be answered with the shell (a cache would keep HTML as JS).
    const missing = await ctx.call('GET', '/assets/gone-123.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not found' });
  });

  it('malformed JSON, an empty JSON body and a wrong content type are refused with a message', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co", ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'Request body is not valid JSON' });

    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'Request body is empty' });

    const xml = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ message: 'Unsupported content type: send application/json' });

    const text = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ message: 'Request body must be an object' });
  });

  it('a JSON body that is not an object is a 400', async () => {
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().message).toBe('Request body must be an object');
    }
  });

  it('bodies over 1 MB are refused with 413', async () => {
    const response = await ctx.call('POST', '/api/auth/login', {
      body: { email: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Request body is too large' });
  });
});
