import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { BROKEN_UPLOAD } from '../../server/errorHandler.ts';
import { adoptUploadFiles } from '../../server/routes/upload/adoptUploadFiles.ts';
import { describeEachDatabase } from './harness.ts';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

function multipart(field: string, content: Buffer, type = 'image/png', filename = 'a.png') {
  const boundary = '----bizsite-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeEachDatabase('image uploads', (ctx) => {
  it('stores an image sent as field "image" or "file" and serves it back with its sniffed type and nosniff', async () => {
    const { token } = await ctx.register();
    for (const [url, field, bytes, type] of [
      ['/api/upload/image', 'image', PNG, 'image/png'],
      ['/api/website/upload-image', 'file', JPEG, 'image/jpeg'],
    ] as const) {
      // The declared type is ignored: the content decides.
      const response = await ctx.call('POST', url, { token, ...multipart(field, bytes, 'text/html') });
      expect(response.statusCode, response.body).toBe(200);
      const { url: imageUrl } = response.json<{ url: string }>();
      expect(imageUrl).toMatch(/^\/api\/uploads\/[a-f0-9]{32}\.(png|jpg)$/);
      const served = await ctx.call('GET', imageUrl);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('refuses files that are not images by content, whatever they claim', async () => {
    const { token } = await ctx.register();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const bytes of [svg, Buffer.from('<html><script>alert(1)</script>'), Buffer.alloc(0)]) {
      const response = await ctx.call('POST', '/api/upload/image', {
        token,
        ...multipart('image', bytes, 'image/png'),
      });
      expect(response.statusCode).toBe(400);
    }
    const wrongField = await ctx.call('POST', '/api/upload/image', { token, ...multipart('file', PNG) });
    expect(wrongField.statusCode).toBe(400);
    const notMultipart = await ctx.call('POST', '/api/upload/image', { token, body: { image: 'x' } });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('answers 413 above 5 MB, 401 without a token, 404 for unknown files', async () => {
    const { token } = await ctx.register();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await ctx.call('POST', '/api/upload/image', { token, ...multipart('image', big) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Image must be at most 5 MB' });
    expect((await ctx.call('POST', '/api/upload/image', multipart('image', PNG))).statusCode).toBe(401);
    expect((await ctx.call('GET', `/api/uploads/${'a'.repeat(32)}.png`)).statusCode).toBe(404);
    expect((await ctx.call('GET', '/api/uploads/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(400);
    // A body that ends inside the image (a client gone mid-upload): the sender's fault, said so.
    const whole = multipart('image', Buffer.concat([PNG, Buffer.alloc(4096, 1)]));
    const cut = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/image',
      headers: { ...whole.headers, authorization: `Bearer ${token}` },
      payload: whole.body.subarray(0, whole.body.length - 1000),
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toEqual({ message: BROKEN_UPLOAD });
  });

  it('keeps the image in the database, not on the disk: an upload through one server is served by any other', async () => {
    const { token } = await ctx.register();
    const response = await ctx.call('POST', '/api/upload/image', { token, ...multipart('image', PNG) });
    const { url } = response.json<{ url: string }>();
    const key = url.split('/').pop() as string;
    expect(existsSync(path.join(ctx.config.dataDir, 'uploads', key))).toBe(false);
    const [row] = await ctx.db.query<{ size: number; length: number }>(
      'select size, octet_length(bytes) as length from uploads where key = $1',
      [key],
    );
    expect(row).toEqual({ size: PNG.length, length: PNG.length });
  });

  it('lets browsers keep an image for ever and answers a revalidation with 304', async () => {
    const { token } = await ctx.register();
    const { url } = (
      await ctx.call('POST', '/api/upload/image', { token, ...multipart('image', PNG) })
    ).json<{
      url: string;
    }>();
    const served = await ctx.call('GET', url);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = served.headers.etag as string;
    expect(etag).toBe(`"${url.split('/').pop()}"`);
    for (const ifNoneMatch of [etag, `"other", W/${etag}`, '*']) {
      const again = await ctx.call('GET', url, { headers: { 'if-none-match': ifNoneMatch } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
    const changed = await ctx.call('GET', url, { headers: { 'if-none-match': '"other"' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(PNG)).toBe(true);
    // Served from memory the second time, but only while the database still has it (an account deleted).
    await ctx.db.query('delete from uploads where key = $1', [url.split('/').pop()]);
    expect((await ctx.call('GET', url)).statusCode).toBe(404);
    const gone = await ctx.call('GET', `/api/uploads/${'b'.repeat(32)}.png`, {
      headers: { 'if-none-match': '*' },
    });
    expect(gone.statusCode).toBe(404);
  });

  it('copies the images uploaded before into the database at start; one whose file is gone stays a 404', async () => {
    const { accountId } = await ctx.register();
    const kept = `${'c'.repeat(31)}${ctx.kind === 'pglite' ? 1 : 2}.jpg`;
    const lost = `${'d'.repeat(31)}${ctx.kind === 'pglite' ? 1 : 2}.png`;
    for (const key of [kept, lost]) {
      await ctx.db.query(
        'insert into uploads (key, account_id, content_type, size) values ($1, $2, $3, $4)',
        [key, accountId, key.endsWith('.jpg') ? 'image/jpeg' : 'image/png', 68],
      );
    }
    await mkdir(path.join(ctx.config.dataDir, 'uploads'), { recursive: true });
    await writeFile(path.join(ctx.config.dataDir, 'uploads', kept), JPEG);
    expect((await ctx.call('GET', `/api/uploads/${kept}`)).statusCode).toBe(404);

    const adopted = await adoptUploadFiles(ctx.db, ctx.config.dataDir);
    expect(adopted).toEqual({ copied: 1, missing: 1 });
    const served = await ctx.call('GET', `/api/uploads/${kept}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(JPEG)).toBe(true);
    expect((await ctx.call('GET', `/api/uploads/${lost}`)).statusCode).toBe(404);
    // A second start finds only the one whose file is missing, and copies nothing again.
    expect(await adoptUploadFiles(ctx.db, ctx.config.dataDir)).toEqual({ copied: 0, missing: 1 });
  });
});
