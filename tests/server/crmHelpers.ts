import { expect } from 'vitest';
import type { TestContext } from './harness.ts';

/**
 * A multipart body with text fields and one CSV file in field `file`; the fields come first unless `fieldsLast`
 * (a browser may send them in either order).
 */
export function csvUpload(csv: string, fields: Record<string, string> = {}, { fieldsLast = false } = {}) {
  const boundary = '----crm-test-boundary';
  const parts = Buffer.from(
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join(''),
  );
  const file = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="contacts.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from('\r\n'),
  ]);
  const body = Buffer.concat([
    ...(fieldsLast ? [file, parts] : [parts, file]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Calls the API and expects `status`; returns the JSON body. */
export async function expectJson<T>(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  status: number,
  body?: unknown,
): Promise<T> {
  const response = await ctx.call(method, url, { token, body });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return (response.body ? response.json() : undefined) as T;
}

/** Polls `read` until it yields a value (at most 20 s). */
export async function until<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
