// Restoring a named version of a 5,000-element site (issue 19), through the sync server (server/main.ts on
// PGlite, its own process) with two devices connected, against a baseline measured in the same run: the same
// change (the difference a restore makes) applied on one device as a plain Yjs update, until the other has it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { createSiteDoc, edit, type SiteDoc } from '../src/canvas/siteDoc.ts';
import { restoreInto, restoreVersionState } from '../src/canvas/versions.ts';
import { startServer, stopServer } from './processes.ts';

export type VersionsFigures = {
  elements: number;
  rounds: number;
  /** POST …/restore until both connected devices show the version. */
  apiRestoreMs: number;
  /** A tab's Restore (the difference computed and applied as one local transaction) until the other device shows it. */
  tabRestoreMs: number;
  /** The same difference as a plain Yjs update applied on one device, until the other has it. */
  plainUpdateMs: number;
};

const SERVER_PORT = 3931;
const ROUNDS = Number(process.env.BENCH_VERSIONS_ROUNDS ?? 7);
const base = `http://127.0.0.1:${SERVER_PORT}`;
const wsUrl = `ws://127.0.0.1:${SERVER_PORT}/api/collab`;
const MARK = 'benchMark';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function call<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

type Device = { provider: HocuspocusProvider; socket: HocuspocusProviderWebsocket; site: SiteDoc };

function connect(websiteId: number, token: string): Device {
  const socket = new HocuspocusProviderWebsocket({ url: wsUrl, WebSocketPolyfill: WebSocket });
  const site = createSiteDoc(new Y.Doc());
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: `site-${websiteId}`,
    document: site.doc,
    token,
  });
  provider.attach();
  return { provider, socket, site };
}

function synced({ provider }: Device): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!provider.isSynced || provider.unsyncedChanges > 0) return;
      provider.off('synced', check);
      provider.off('unsyncedChanges', check);
      resolve();
    };
    provider.on('synced', check);
    provider.on('unsyncedChanges', check);
    check();
  });
}

// The version has no mark on any element; every change of the bench marks them all.
const unmarked = (site: SiteDoc) => {
  for (const map of site.elements.values()) if (map.has(MARK)) return false;
  return true;
};
const allMarked = (site: SiteDoc, value: string) => {
  for (const map of site.elements.values()) if (map.get(MARK) !== value) return false;
  return true;
};

/** Resolves once `done` holds for the device's document (checked after every update it receives). */
function until(device: Device, done: (site: SiteDoc) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!done(device.site)) return;
      device.site.doc.off('update', check);
      resolve();
    };
    device.site.doc.on('update', check);
    check();
  });
}

/** Device `a` marks every element (the site "changes"); resolves when `b` has it too. */
async function change(a: Device, b: Device, value: string): Promise<void> {
  const arrived = until(b, (site) => allMarked(site, value));
  edit(a.site, () => {
    for (const map of a.site.elements.values()) map.set(MARK, value);
  });
  await arrived;
  await Promise.all([synced(a), synced(b)]);
}

export async function versionsBench(big: { yjsState: string; elements: number }): Promise<VersionsFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-versions-'));
  const server = await startServer(
    'server/main.ts',
    {
      PORT: String(SERVER_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      STATIC_DIR: '',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    },
    `${base}/api/health`,
  );
  const devices: Device[] = [];
  try {
    const { token } = await call<{ token: string }>('/api/auth/register', {
      email: `bench-versions-${Date.now()}@example.com`,
      password: 'bench-password',
    });
    const { id } = await call<{ id: number }>(
      '/api/website/save',
      { name: 'Big', yjsState: big.yjsState },
      token,
    );
    const [a, b] = [connect(id, token), connect(id, token)];
    devices.push(a, b);
    await Promise.all([synced(a), synced(b)]);
    const version = await call<{ id: number }>(`/api/website/${id}/versions`, { name: 'Original' }, token);
    const versionSite = createSiteDoc(new Y.Doc());
    Y.applyUpdate(versionSite.doc, Y.encodeStateAsUpdate(a.site.doc));

    const plain: number[] = [];
    const api: number[] = [];
    const tab: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // Baseline: the restore's difference, computed beforehand on a copy, applied on A as a plain update.
      await change(a, b, `plain-${round}`);
      const copy = createSiteDoc(new Y.Doc());
      Y.applyUpdate(copy.doc, Y.encodeStateAsUpdate(a.site.doc));
      const before = Y.encodeStateVector(copy.doc);
      copy.doc.transact(() => restoreInto(copy, versionSite));
      const difference = Y.encodeStateAsUpdate(copy.doc, before);
      let arrived = until(b, unmarked);
      let start = performance.now();
      Y.applyUpdate(a.site.doc, difference);
      await arrived;
      plain.push(performance.now() - start);
      await Promise.all([synced(a), synced(b)]);

      // The API's restore: into the server's live document, until both devices show it.
      await change(a, b, `api-${round}`);
      arrived = Promise.all([until(a, unmarked), until(b, unmarked)]).then(() => {});
      start = performance.now();
      // Timed until the devices show it; the answer also waits for the store, which is not what a user waits on.
      const answered = call(`/api/website/${id}/versions/${version.id}/restore`, undefined, token);
      await arrived;
      api.push(performance.now() - start);
      await answered;
      await Promise.all([synced(a), synced(b)]);

      // The builder's Restore: the difference computed in the tab as one local transaction.
      await change(a, b, `tab-${round}`);
      const state = Buffer.from(Y.encodeStateAsUpdate(versionSite.doc)).toString('base64');
      arrived = until(b, unmarked);
      start = performance.now();
      restoreVersionState(a.site, state);
      await arrived;
      tab.push(performance.now() - start);
      await Promise.all([synced(a), synced(b)]);
    }
    return {
      elements: big.elements,
      rounds: ROUNDS,
      apiRestoreMs: median(api),
      tabRestoreMs: median(tab),
      plainUpdateMs: median(plain),
    };
  } finally {
    for (const device of devices) {
      device.provider.destroy();
      device.socket.destroy();
    }
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
