// Co-editing through the sync server (server/main.ts on PGlite, in a process of its own) against baselines
// measured in the same run: a bare WebSocket echo on loopback, and Y.applyUpdate of the same document.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { BroadcastProvider } from '../src/canvas/broadcastProvider.ts';
import { insertElement } from '../src/canvas/ops/elementOps.ts';
import { addPage } from '../src/canvas/ops/pageOps.ts';
import { createSiteDoc, edit } from '../src/canvas/siteDoc.ts';
import { startServer, stopServer } from './processes.ts';

export type CollabFigures = {
  edits: number;
  editP50Ms: number;
  editP95Ms: number;
  echoP50Ms: number;
  echoP95Ms: number;
  docs: number;
  elementsPerDoc: number;
  rssBeforeMiB: number;
  rssAfterMiB: number;
  docsPerGiB: number;
  bigElements: number;
  bigStateKiB: number;
  coldSyncMs: number;
  applyUpdateMs: number;
  warmReconnectMs: number;
  echoConnectMs: number;
  tabEditP50Ms: number;
  tabEditP95Ms: number;
  channelP50Ms: number;
};

const SERVER_PORT = 3921;
const ECHO_PORT = 3922;
const EDITS = Number(process.env.BENCH_COLLAB_EDITS ?? 1000);
// Both loops run this many round trips first, so the JIT has warmed up what is measured.
const WARM_UP = 200;
const DOCS = Number(process.env.BENCH_COLLAB_DOCS ?? 200);
const ELEMENTS_PER_DOC = 100;
const base = `http://127.0.0.1:${SERVER_PORT}`;
const wsUrl = `ws://127.0.0.1:${SERVER_PORT}/api/collab`;

const median = (values: number[]) => percentile(values, 0.5);
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A site of `count` text elements on Home, as the builder's ops make it. */
function siteState(count: number): Uint8Array {
  const site = createSiteDoc();
  edit(site, () => {
    addPage(site, { id: 'home', name: 'Home', path: 'home', isHomePage: true });
    for (let i = 0; i < count; i += 1) {
      insertElement(
        site,
        { type: 'text', props: { content: `Paragraph ${i}` } },
        { pageId: 'home', parentId: null },
      );
    }
  });
  return Y.encodeStateAsUpdate(site.doc);
}

type Connected = { provider: HocuspocusProvider; socket: HocuspocusProviderWebsocket; doc: Y.Doc };

function connect(websiteId: number, token: string, doc = new Y.Doc()): Connected {
  const socket = new HocuspocusProviderWebsocket({ url: wsUrl, WebSocketPolyfill: WebSocket });
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: `site-${websiteId}`,
    document: doc,
    token,
  });
  provider.attach();
  return { provider, socket, doc };
}

/** Resolves once the provider has the server's state and the server has acknowledged all of its own. */
function synced({ provider }: Connected): Promise<void> {
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

function close({ provider, socket }: Connected): void {
  provider.destroy();
  socket.destroy();
}

function rssMiB(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kib / 1024;
}

/** Edit-to-other-device: A changes a property, B's document has it. Sequential, one edit in flight. */
async function editLatencies(websiteId: number, token: string): Promise<number[]> {
  const [a, b] = [connect(websiteId, token), connect(websiteId, token)];
  await Promise.all([synced(a), synced(b)]);
  const siteA = createSiteDoc(a.doc);
  const target = [...siteA.elements.keys()][0];
  const mapB = createSiteDoc(b.doc).elements.get(target) as Y.Map<unknown>;
  const times: number[] = [];
  for (let i = 0; i < EDITS + WARM_UP; i += 1) {
    const value = `Edit ${i}`;
    const arrived = new Promise<void>((resolve) => {
      const onChange = () => {
        if (mapB.get('content') !== value) return;
        mapB.unobserve(onChange);
        resolve();
      };
      mapB.observe(onChange);
    });
    const start = performance.now();
    edit(siteA, () => siteA.elements.get(target)?.set('content', value));
    await arrived;
    if (i >= WARM_UP) times.push(performance.now() - start);
  }
  close(a);
  close(b);
  return times;
}

async function echoLatencies(): Promise<{ times: number[]; connectMs: number[] }> {
  const payload = new Uint8Array(48).fill(7);
  const connectMs: number[] = [];
  const times: number[] = [];
  for (let round = 0; round < 12; round += 1) {
    const start = performance.now();
    const ws = new WebSocket(`ws://127.0.0.1:${ECHO_PORT}/`);
    await new Promise((resolve) => ws.once('open', resolve));
    const echo = () =>
      new Promise<void>((resolve) => {
        ws.once('message', () => resolve());
        ws.send(payload);
      });
    await echo();
    if (round > 0) connectMs.push(performance.now() - start);
    if (round === 0) {
      for (let i = 0; i < EDITS + WARM_UP; i += 1) {
        const t = performance.now();
        await echo();
        if (i >= WARM_UP) times.push(performance.now() - t);
      }
    }
    ws.close();
  }
  return { times, connectMs };
}

/** Server memory per open document: RSS before and after opening DOCS sites of ELEMENTS_PER_DOC elements. */
async function memory(child: ChildProcess, token: string) {
  const yjsState = b64(siteState(ELEMENTS_PER_DOC));
  const ids: number[] = [];
  for (let i = 0; i < DOCS; i += 1) {
    ids.push((await post<{ id: number }>('/api/website/save', { name: `Site ${i}`, yjsState }, token)).id);
  }
  const before = rssMiB(child);
  const open: Connected[] = [];
  for (let i = 0; i < ids.length; i += 20) {
    const batch = ids.slice(i, i + 20).map((id) => connect(id, token));
    await Promise.all(batch.map(synced));
    open.push(...batch);
  }
  const after = rssMiB(child);
  for (const connected of open) close(connected);
  return { before, after };
}

async function bigDocument(bigState: string, token: string) {
  const bytes = new Uint8Array(Buffer.from(bigState, 'base64'));
  const { id } = await post<{ id: number }>('/api/website/save', { name: 'Big', yjsState: bigState }, token);
  // A device keeps the document open, so every measured sync finds it loaded on the server.
  const holder = connect(id, token);
  await synced(holder);
  const cold: number[] = [];
  const warm: number[] = [];
  for (let round = 0; round < 11; round += 1) {
    const start = performance.now();
    const fresh = connect(id, token);
    await synced(fresh);
    cold.push(performance.now() - start);
    // Reconnect with the document already on the device (IndexedDB in the browser): only state vectors travel.
    close(fresh);
    const again = performance.now();
    const back = connect(id, token, fresh.doc);
    await synced(back);
    warm.push(performance.now() - again);
    close(back);
  }
  close(holder);
  const apply: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    const start = performance.now();
    Y.applyUpdate(new Y.Doc(), bytes);
    apply.push(performance.now() - start);
  }
  return {
    coldSyncMs: median(cold),
    warmReconnectMs: median(warm),
    applyUpdateMs: median(apply),
    kib: bytes.length / 1024,
  };
}

/**
 * Tab-to-tab: two documents of the big site joined by the builder's BroadcastProvider on a real BroadcastChannel;
 * one text edit in A until B's element has it, against the same channel carrying a message one way.
 */
async function tabLatencies(bigState: string): Promise<{ times: number[]; channel: number[] }> {
  const bytes = new Uint8Array(Buffer.from(bigState, 'base64'));
  const room = `bench-tabs-${process.pid}`;
  const [a, b] = [createSiteDoc(), createSiteDoc()];
  Y.applyUpdate(a.doc, bytes);
  Y.applyUpdate(b.doc, bytes);
  const [pa, pb] = [BroadcastProvider.forRoom(a.doc, room), BroadcastProvider.forRoom(b.doc, room)];
  const target = [...a.elements.keys()].find((id) => a.elements.get(id)?.get('type') === 'text') ?? '';
  const mapB = b.elements.get(target) as Y.Map<unknown>;
  const times: number[] = [];
  for (let i = 0; i < EDITS + WARM_UP; i += 1) {
    const value = `Tab edit ${i}`;
    const arrived = new Promise<void>((resolve) => {
      const onChange = () => {
        if (mapB.get('content') !== value) return;
        mapB.unobserve(onChange);
        resolve();
      };
      mapB.observe(onChange);
    });
    const start = performance.now();
    edit(a, () => a.elements.get(target)?.set('content', value));
    await arrived;
    if (i >= WARM_UP) times.push(performance.now() - start);
  }
  pa.destroy();
  pb.destroy();
  const [sender, receiver] = [new BroadcastChannel(`raw-${room}`), new BroadcastChannel(`raw-${room}`)];
  const channel: number[] = [];
  for (let i = 0; i < EDITS + WARM_UP; i += 1) {
    const got = new Promise<void>((resolve) => {
      receiver.onmessage = () => resolve();
    });
    const start = performance.now();
    sender.postMessage({ kind: 'update', update: new Uint8Array(48) });
    await got;
    if (i >= WARM_UP) channel.push(performance.now() - start);
  }
  sender.close();
  receiver.close();
  return { times, channel };
}

export async function collabBench(big: { yjsState: string; elements: number }): Promise<CollabFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-collab-'));
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
  const echoServer = await startServer(
    'bench/wsEcho.ts',
    { PORT: String(ECHO_PORT) },
    `http://127.0.0.1:${ECHO_PORT}/health`,
  );
  try {
    const email = `bench-collab-${Date.now()}@example.com`;
    const { token } = await post<{ token: string }>('/api/auth/register', {
      email,
      password: 'bench-password',
    });
    const small = await post<{ id: number }>(
      '/api/website/save',
      { name: 'Latency', yjsState: b64(siteState(20)) },
      token,
    );
    const edits = await editLatencies(small.id, token);
    const echo = await echoLatencies();
    const mem = await memory(server, token);
    const bigFigures = await bigDocument(big.yjsState, token);
    const tabs = await tabLatencies(big.yjsState);
    const perDocMiB = (mem.after - mem.before) / DOCS;
    return {
      edits: edits.length,
      editP50Ms: median(edits),
      editP95Ms: percentile(edits, 0.95),
      echoP50Ms: median(echo.times),
      echoP95Ms: percentile(echo.times, 0.95),
      docs: DOCS,
      elementsPerDoc: ELEMENTS_PER_DOC,
      rssBeforeMiB: mem.before,
      rssAfterMiB: mem.after,
      docsPerGiB: perDocMiB > 0 ? 1024 / perDocMiB : Number.POSITIVE_INFINITY,
      bigElements: big.elements,
      bigStateKiB: bigFigures.kib,
      coldSyncMs: bigFigures.coldSyncMs,
      applyUpdateMs: bigFigures.applyUpdateMs,
      warmReconnectMs: bigFigures.warmReconnectMs,
      echoConnectMs: median(echo.connectMs),
      tabEditP50Ms: median(tabs.times),
      tabEditP95Ms: percentile(tabs.times, 0.95),
      channelP50Ms: median(tabs.channel),
    };
  } finally {
    await stopServer(echoServer);
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
