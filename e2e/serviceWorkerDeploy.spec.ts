import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { serviceWorkerSource } from '../scripts/serviceWorkerPlugin.ts';

/**
 * Deploys, as the app's service worker sees them: a loopback server that serves one build at a time (its page,
 * its `/sw.js` made by the build's own `serviceWorkerSource`, and its hashed code), and no file of earlier builds.
 */
function deployments() {
  let build = 1;
  const assetOf = (n: number) => `/assets/build${n}-lazy.js`;
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const send = (type: string, body: string) => {
      response.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache' });
      response.end(body);
    };
    if (path === '/')
      return send('text/html', `<!doctype html><title>build ${build}</title><p>build ${build}</p>`);
    if (path === '/sw.js') {
      return send('text/javascript', serviceWorkerSource(`build${build}`, ['/', assetOf(build)]));
    }
    if (path === assetOf(build)) return send('text/javascript', `export const build = ${build};`);
    response.writeHead(404).end();
  });
  return {
    server,
    assetOf,
    deploy: () => {
      build += 1;
    },
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
  };
}

test('a tab opened before a deploy still loads its own code after the new service worker takes over', async ({
  page,
}) => {
  const site = deployments();
  const origin = await site.start();
  try {
    await page.goto(`${origin}/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js');
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
      }
    });

    // Build 2 is deployed: build 1's code is gone from the server; the open tab's worker updates.
    site.deploy();
    const takeOver = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        const changed = new Promise((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
        );
        await registration?.update();
        await changed;
      });
    await takeOver();
    expect((await page.request.get(`${origin}${site.assetOf(1)}`)).status()).toBe(404);

    // The tab (still build 1's page) opens a part of the app it had not loaded yet.
    const lazyImport = (path: string) =>
      page.evaluate(
        (src) =>
          import(src).then(
            (module: { build: number }) => `build ${module.build}`,
            (error: Error) => `failed: ${error.message}`,
          ),
        path,
      );
    expect(await lazyImport(site.assetOf(1))).toBe('build 1');
    expect(await lazyImport(site.assetOf(2))).toBe('build 2');

    // Two more deploys: build 1's cache is dropped, the last three builds' are kept.
    site.deploy();
    await takeOver();
    site.deploy();
    await takeOver();
    // The old caches go while the new worker activates, which may end after it took the tab over.
    const kept = () =>
      page.evaluate(async () => (await caches.keys()).filter((key) => key.startsWith('app-shell-')));
    await expect.poll(kept).toEqual(['app-shell-build2', 'app-shell-build3', 'app-shell-build4']);
  } finally {
    site.server.closeAllConnections();
    await new Promise((resolve) => site.server.close(resolve));
  }
});
