import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The files of Vite's public directory (copied to the build as they are, e.g. favicon.svg), by their path there. */
function publicFiles(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  if (!dir || !existsSync(dir)) return files;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, full).split(path.sep).join('/'), readFileSync(full));
  }
  return files;
}

/**
 * Emits `/sw.js` at build time: it precaches the built shell (index.html, every emitted asset and the public
 * directory's files, such as the icon the logo shows) under a
 * cache named after a hash of the bundle, so a new deploy yields a byte-different worker that the browser
 * installs on the next visit. The caches of the two deploys before it stay (older ones are dropped): a tab
 * opened before a deploy still loads the code it asks for later (its lazy chunks, whose hashed names the new
 * build no longer has). API calls and published sites are never cached.
 */
export function serviceWorkerPlugin(): Plugin {
  let publicDir = '';
  return {
    name: 'app-service-worker',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      const copied = publicFiles(publicDir);
      const files = [...Object.keys(bundle), ...copied.keys()]
        .filter((name) => !name.endsWith('.map') && name !== 'sw.js')
        .sort();
      const version = createHash('sha256')
        .update(
          files
            .map((name) => {
              const item = bundle[name];
              if (!item) return String(copied.get(name));
              return item.type === 'chunk' ? item.code : String(item.source);
            })
            .join('\n'),
        )
        .digest('hex')
        .slice(0, 16);
      const shell = ['/', ...files.map((name) => `/${name}`)];
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: serviceWorkerSource(version, shell) });
    },
  };
}

export function serviceWorkerSource(version: string, shell: string[]): string {
  return `// Generated at build time. Version ${version}.
const CACHE = 'app-shell-${version}';
const SHELL = ${JSON.stringify(shell)};
const SHELL_SET = new Set(SHELL);

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

// How many builds' caches are kept: this one and the two deployed before it (keys are listed oldest first).
const KEPT_BUILDS = 3;

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => {
        const older = keys.filter((k) => k.startsWith('app-shell-') && k !== CACHE);
        const dropped = older.slice(0, Math.max(0, older.length - (KEPT_BUILDS - 1)));
        return Promise.all(dropped.map((k) => caches.delete(k)));
      })
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Only our own shell: API calls, published sites and other origins always go to the network.
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/sites/')) return;
  if (request.mode === 'navigate') {
    // Network first so a deploy shows at once; the cached shell when offline.
    event.respondWith(
      fetch(request).catch(() => caches.match('/', { cacheName: CACHE }).then((hit) => hit || Response.error())),
    );
    return;
  }
  if (SHELL_SET.has(url.pathname)) {
    event.respondWith(caches.match(request, { cacheName: CACHE }).then((hit) => hit || fetch(request)));
    return;
  }
  // Code of an earlier build (hashed, so never changed), asked for by a tab opened before a deploy: its
  // build's cache has it; the server no longer does.
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request)));
  }
});
`;
}
