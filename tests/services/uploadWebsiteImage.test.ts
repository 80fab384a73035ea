import { expect, test } from 'vitest';
import { uploadWebsiteImage } from '../../src/services/builder/websiteApi.ts';
import { createHttp } from '../../src/services/http/http.ts';
import type { ToastInput } from '../../src/services/http/toast.ts';

function client(answer: () => Promise<Response>) {
  const toasts: ToastInput[] = [];
  const requests: Request[] = [];
  const http = createHttp({
    getToken: () => 'token-1',
    getAccountId: () => null,
    onUnauthorized: () => {},
    notify: (toast) => {
      toasts.push(toast);
    },
    retry: 0,
    fetch: async (input) => {
      requests.push(input as Request);
      return answer();
    },
  });
  return { http, toasts, requests };
}

const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png', { type: 'image/png' });
const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

test('an uploaded builder image yields its URL (field `file` on /api/website/upload-image)', async () => {
  const { http, requests } = client(() => json(200, { url: '/api/uploads/abc' }));
  await expect(uploadWebsiteImage(http, file)).resolves.toBe('/api/uploads/abc');
  expect(new URL(requests[0]?.url ?? '').pathname).toBe('/api/website/upload-image');
  expect(requests[0]?.headers.get('content-type')).toMatch(/^multipart\/form-data/);
});

test("a refusal is 'Upload failed: {message}' (no global toast); no answer is the network message", async () => {
  const refused = client(() => json(400, { message: 'Only image files can be uploaded' }));
  await expect(uploadWebsiteImage(refused.http, file)).rejects.toThrow(
    'Upload failed: Only image files can be uploaded',
  );
  expect(refused.toasts).toEqual([]);
  const offline = client(() => Promise.reject(new TypeError('Failed to fetch')));
  await expect(uploadWebsiteImage(offline.http, file)).rejects.toThrow(
    'Upload error: Network or server issue',
  );
});
