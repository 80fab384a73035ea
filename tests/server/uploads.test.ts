import { expect, it } from 'vitest';
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
  });
});
