// `npm run bench`: ratios against baselines measured in this same run. Prints figures; never fails on them.

import { createServer } from 'vite';
import { buildIfStale } from '../scripts/buildIfStale.ts';
import { apiBench } from './apiBench.ts';
import type { BuilderFigures } from './builderBench.tsx';
import { builderBrowserBench } from './builderBrowserBench.ts';
import { bundleBench } from './bundleBench.ts';
import { collabBench } from './collabBench.ts';
import { crmBench } from './crmBench.ts';
import { liveEventsBench } from './liveEventsBench.ts';
import type { PublishRenderFigures } from './publishRenderBench.tsx';
import { publishServeBench } from './publishServeBench.ts';
import { siteScriptBench } from './siteScriptBench.ts';
import { storeBench } from './storeBench.ts';
import { versionsBench } from './versionsBench.ts';

const only = process.argv[2];
const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

if (!only || only === 'bundle') {
  const bundle = await bundleBench();
  console.log('\nFirst screen JavaScript (gzip)');
  console.log(`  app first screen        ${kib(bundle.appFirstScreenGzip)}`);
  console.log(
    `  React + MUI floor       ${kib(bundle.floorGzip)}  (${bundle.muiModules.length} MUI modules)`,
  );
  // Three decimals and the byte counts: the ratio sits near its goal, where two decimals hide which side.
  console.log(
    `  ratio app / floor       ${(bundle.appFirstScreenGzip / bundle.floorGzip).toFixed(3)}x   (goal <= 1.2x; ${bundle.appFirstScreenGzip} / ${bundle.floorGzip} bytes)`,
  );
  const site = await siteScriptBench();
  console.log(`  published site script   ${kib(site.bytes)} minified, ${kib(site.gzipBytes)} gzip`);
}

if (!only || only === 'api') {
  const api = await apiBench();
  console.log('\nAPI throughput (autocannon from a separate process)');
  console.log(`  bare Fastify hello       ${api.helloRps.toFixed(0)} req/s`);
  console.log(`  bare argon2id verify     ${api.argon2VerifyPerSecond.toFixed(1)} /s (concurrency 4)`);
  for (const db of api.databases) {
    const name = db.name.padEnd(10);
    const goal = db.name === 'PostgreSQL' ? 0.33 : 0.1;
    console.log(
      `  ${name} GET /api/user/me ${db.meRps.toFixed(0)} req/s  ratio vs hello ${ratio(db.meRps, api.helloRps)}x (goal >= ${goal}x)`,
    );
    const rpsOverhead = (1 - db.loginRps / api.argon2VerifyPerSecond) * 100;
    console.log(
      `  ${name} POST /api/auth/login ${db.loginRps.toFixed(1)} req/s  ratio vs verify ${ratio(db.loginRps, api.argon2VerifyPerSecond)}x (throughput overhead ${rpsOverhead.toFixed(1)}%; wall time, unreliable under load)`,
    );
    const cpu = db.signInCpu;
    console.log(
      cpu
        ? `  ${name} sign-in CPU ${cpu.signInCpuMs.toFixed(2)} ms vs bare verify ${cpu.verifyCpuMs.toFixed(2)} ms  ratio ${ratio(cpu.signInCpuMs, cpu.verifyCpuMs)}x, overhead ${cpu.overheadPct.toFixed(1)}% (goal <= 10%; median of ${cpu.rounds} rounds of ${cpu.perRound}; idle ${cpu.idleCpuMsPerSecond.toFixed(0)} ms CPU/s subtracted)`
        : `  ${name} sign-in CPU overhead n/a (needs /proc: Linux)`,
    );
  }
  for (const skip of api.skipped) console.log(`  skipped: ${skip}`);
}

if (!only || only === 'store') {
  const store = await storeBench();
  console.log('\nStore API (10,000 products; autocannon from a separate process, 10 connections)');
  console.log(`  bare Fastify hello       ${store.helloRps.toFixed(0)} req/s`);
  // Issue 18's goal for store reads names no figure: PostgreSQL should not be many times slower than the
  // embedded database. We print PostgreSQL against PGlite of the same run and aim for at least half of it.
  const embedded = store.databases.find((db) => db.name === 'PGlite');
  for (const db of store.databases) {
    const name = db.name.padEnd(10);
    const vsPglite = (rps: number, pgliteRps: number | undefined) =>
      db.name === 'PostgreSQL' && pgliteRps ? `, vs PGlite ${ratio(rps, pgliteRps)}x (goal >= 0.5x)` : '';
    console.log(
      `  ${name} GET products (20 of 10,000)  ${db.listRps.toFixed(0)} req/s  ratio vs hello ${ratio(db.listRps, store.helloRps)}x${vsPglite(db.listRps, embedded?.listRps)}`,
    );
    console.log(
      `  ${name} GET products, searchTerm    ${db.searchRps.toFixed(0)} req/s  ratio vs hello ${ratio(db.searchRps, store.helloRps)}x${vsPglite(db.searchRps, embedded?.searchRps)}`,
    );
    console.log(
      `  ${name} POST orders (checkout)      p50 ${db.checkoutP50.toFixed(1)} ms  p99 ${db.checkoutP99.toFixed(1)} ms`,
    );
  }
  for (const skip of store.skipped) console.log(`  skipped: ${skip}`);
}

if (!only || only === 'builder') {
  // The canvas renderers are JSX: load the bench through Vite's SSR module loader, as the app's build does.
  const vite = await createServer({
    server: { middlewareMode: true, hmr: false },
    appType: 'custom',
    logLevel: 'error',
  });
  try {
    const { builderBench, benchSiteState } = (await vite.ssrLoadModule('/bench/builderBench.tsx')) as {
      builderBench: () => Promise<BuilderFigures>;
      benchSiteState: () => { yjsState: string; headingId: string; elements: number };
    };
    const b = await builderBench();
    console.log(`\nBuilder document (${b.elements} elements on one page)`);
    console.log(
      `  open (bytes → doc → store)  ${b.openMs.toFixed(1)} ms vs bare Y.applyUpdate ${b.applyUpdateMs.toFixed(1)} ms  ratio ${ratio(b.openMs, b.applyUpdateMs)}x (goal <= 1.5x)`,
    );
    console.log(
      `  static HTML export           ${b.exportMs.toFixed(1)} ms vs renderToStaticMarkup ${b.renderMs.toFixed(1)} ms  ratio ${ratio(b.exportMs, b.renderMs)}x (goal <= 2x)`,
    );
    console.log(
      `  tab-to-tab edit              ${b.tabEditMs.toFixed(3)} ms vs raw BroadcastChannel ${b.channelRoundTripMs.toFixed(3)} ms  ratio ${ratio(b.tabEditMs, b.channelRoundTripMs)}x (goal <= 3x)`,
    );
    buildIfStale();
    const w = await builderBrowserBench(benchSiteState());
    console.log(`  in Chromium, the built app, one heading edited by typing ${w.elements} elements:`);
    console.log(
      `  canvas components re-rendered per edit  median ${w.canvasRendersMedian}, max ${w.canvasRendersMax} (goal <= depth ${w.depth} + 2); whole app median ${w.totalRendersMedian} (panels included)`,
    );
    if (w.busyMs > 0)
      console.log(`  (check run: BENCH_KEYDOWN_BUSY_MS adds a ${w.busyMs} ms busy loop to every keydown)`);
    console.log(
      `  keydown to frame, 60 Hz clock  p50 ${w.keyToFrameP50.toFixed(1)} ms, p95 ${w.keyToFrameP95.toFixed(1)} ms (what a person sees; no goal: it adds 0–16.7 ms of waiting for vsync to the app's work)`,
    );
    console.log(
      `  keydown to frame, app's work   p50 ${w.appWorkP50.toFixed(1)} ms, p95 ${w.appWorkP95.toFixed(1)} ms (goal p95 < 16 ms: one 60 Hz frame; frames not held back by vsync); keydown to that frame's start p50 ${w.appInputP50.toFixed(1)} ms`,
    );
    console.log(
      `  tab-to-tab edit (painted DOM) median ${w.tabEditMedian.toFixed(2)} ms, p95 ${w.tabEditP95.toFixed(2)} ms vs raw BroadcastChannel round trip ${w.channelRoundTripMedian.toFixed(2)} ms  ratio ${ratio(w.tabEditMedian, w.channelRoundTripMedian)}x (goal <= 3x)`,
    );
    console.log(
      `    its parts (medians): tab A input event to post ${w.tabParts.inputToPost.toFixed(2)} ms (the post call itself ${w.tabParts.post.toFixed(2)} ms), post to tab B's listener ${w.tabParts.postToMessage.toFixed(2)} ms, tab B's listener to its DOM ${w.tabParts.messageToDom.toFixed(2)} ms`,
    );
    if (w.tabCpu)
      console.log(
        `    in thread CPU time (BENCH_TRACE, medians of ${w.tabCpu.edits}): tab A input event to post ${w.tabCpu.inputToPost.toFixed(2)} ms, tab B's listener to its DOM ${w.tabCpu.messageToDom.toFixed(2)} ms`,
      );
  } finally {
    await vite.close();
  }
}

if (!only || only === 'publish') {
  const vite = await createServer({
    server: { middlewareMode: true, hmr: false },
    appType: 'custom',
    logLevel: 'error',
  });
  let render: PublishRenderFigures;
  try {
    const { publishRenderBench } = (await vite.ssrLoadModule('/bench/publishRenderBench.tsx')) as {
      publishRenderBench: () => PublishRenderFigures;
    };
    render = publishRenderBench();
  } finally {
    await vite.close();
  }
  const serve = await publishServeBench();
  console.log(`\nPublishing (${render.pages}-page generated site)`);
  console.log(
    `  render per page          ${render.publishPerPageMs.toFixed(3)} ms vs renderToStaticMarkup ${render.renderPerPageMs.toFixed(3)} ms  ratio ${ratio(render.publishPerPageMs, render.renderPerPageMs)}x (goal <= 2x)`,
  );
  console.log(
    `  POST publish per page    ${serve.publishApiPerPageMs.toFixed(3)} ms (render + store, SSR build, PGlite)`,
  );
  console.log(
    `  serving a page (${kib(serve.bytes)}) ${serve.pageRps.toFixed(0)} req/s vs static file ${serve.staticRps.toFixed(0)} req/s  ratio ${ratio(serve.pageRps, serve.staticRps)}x (goal >= 0.5x)`,
  );
}

if (!only || only === 'crm' || only === 'crm-import') {
  const crm = await crmBench(only === 'crm-import');
  console.log(`\nCRM (${crm.rows.toLocaleString('en-US')} contacts)`);
  if (!crm.importOnly) {
    console.log(`  bare Fastify hello        ${crm.helloRps.toFixed(0)} req/s, p99 ${crm.helloP99Ms} ms`);
  }
  for (const db of crm.databases) {
    const goal = db.name === 'PostgreSQL' ? ' (goal >= 0.15x, p99 <= 25 ms)' : '';
    for (const search of db.searches) {
      console.log(
        `  ${db.name.padEnd(10)} search "${search.term}" (${search.rows} of ${search.total} matches) ${search.rps.toFixed(0)} req/s, p99 ${search.p99Ms} ms, ratio vs hello ${ratio(search.rps, crm.helloRps)}x${goal}`,
      );
    }
    const copy =
      db.copyMs === null
        ? ''
        : `; COPY ${(db.copyMs / 1000).toFixed(2)} s, ratio COPY/import ${ratio(db.copyMs, db.importMs)}x (goal >= 0.5x)`;
    console.log(
      `  ${db.name.padEnd(10)} import ${(db.importMs / 1000).toFixed(2)} s (server CPU ${(db.importCpuMs / 1000).toFixed(2)} s)${copy}; server peak RSS ${db.importPeakRssMiB.toFixed(0)} MiB (${db.baselineRssMiB.toFixed(0)} MiB before it, start-up peak ${db.startupPeakRssMiB.toFixed(0)} MiB; goal < 400 MiB), peak heap ${db.importPeakHeapMiB.toFixed(0)} MiB, external ${db.importPeakExternalMiB.toFixed(0)} MiB`,
    );
  }
  for (const skip of crm.skipped) console.log(`  skipped: ${skip}`);
}

if (!only || only === 'live') {
  const live = await liveEventsBench();
  console.log('\nLive events (a write until every open event stream of the account has it; median)');
  for (const db of live.databases) {
    console.log(
      `  ${db.name.padEnd(10)} 1 subscriber ${db.oneMs.toFixed(1)} ms; ${db.subscribers} subscribers ${db.fanOutMs.toFixed(1)} ms  ratio ${ratio(db.fanOutMs, db.oneMs)}x`,
    );
  }
  for (const skip of live.skipped) console.log(`  skipped: ${skip}`);
}

if (!only || only === 'collab') {
  // The 5,000-element document of the builder bench (its generator is JSX-adjacent: load it through Vite).
  const vite = await createServer({
    server: { middlewareMode: true, hmr: false },
    appType: 'custom',
    logLevel: 'error',
  });
  let big: { yjsState: string; elements: number };
  try {
    const { benchSiteState } = (await vite.ssrLoadModule('/bench/builderBench.tsx')) as {
      benchSiteState: () => { yjsState: string; elements: number };
    };
    big = benchSiteState();
  } finally {
    await vite.close();
  }
  const c = await collabBench(big);
  console.log('\nCo-editing (sync server: server/main.ts on PGlite, its own process; clients over loopback)');
  console.log(
    `  edit to the other device   p50 ${c.editP50Ms.toFixed(2)} ms, p95 ${c.editP95Ms.toFixed(2)} ms vs raw WebSocket echo p50 ${c.echoP50Ms.toFixed(2)} ms, p95 ${c.echoP95Ms.toFixed(2)} ms  ratio ${ratio(c.editP50Ms, c.echoP50Ms)}x (goal <= 3x; ${c.edits} edits, one at a time)`,
  );
  console.log(
    `  documents held             ${c.docs} sites of ${c.elementsPerDoc} elements, one device each: server RSS ${c.rssBeforeMiB.toFixed(0)} → ${c.rssAfterMiB.toFixed(0)} MiB, about ${Number.isFinite(c.docsPerGiB) ? c.docsPerGiB.toFixed(0) : 'n/a'} documents per GiB`,
  );
  console.log(
    `  ${c.bigElements.toLocaleString('en-US')}-element document (${c.bigStateKiB.toFixed(0)} KiB)  first sync ${c.coldSyncMs.toFixed(1)} ms vs bare Y.applyUpdate ${c.applyUpdateMs.toFixed(1)} ms  ratio ${ratio(c.coldSyncMs, c.applyUpdateMs)}x`,
  );
  console.log(
    `  reconnect and sync, document already on the device  ${c.warmReconnectMs.toFixed(1)} ms vs its first sync ${c.coldSyncMs.toFixed(1)} ms  ratio ${ratio(c.warmReconnectMs, c.coldSyncMs)}x (goal <= 3x); vs raw WebSocket connect + echo ${c.echoConnectMs.toFixed(2)} ms  ratio ${ratio(c.warmReconnectMs, c.echoConnectMs)}x (goal <= 3x)`,
  );
  console.log(
    `  tab-to-tab edit (BroadcastProvider, ${c.bigElements.toLocaleString('en-US')}-element document)  p50 ${c.tabEditP50Ms.toFixed(3)} ms, p95 ${c.tabEditP95Ms.toFixed(3)} ms vs raw BroadcastChannel message ${c.channelP50Ms.toFixed(3)} ms  ratio ${ratio(c.tabEditP50Ms, c.channelP50Ms)}x (goal <= 3x)`,
  );
}

if (!only || only === 'versions') {
  // The same 5,000-element document as the builder and co-editing benches.
  const vite = await createServer({
    server: { middlewareMode: true, hmr: false },
    appType: 'custom',
    logLevel: 'error',
  });
  let big: { yjsState: string; elements: number };
  try {
    const { benchSiteState } = (await vite.ssrLoadModule('/bench/builderBench.tsx')) as {
      benchSiteState: () => { yjsState: string; elements: number };
    };
    big = benchSiteState();
  } finally {
    await vite.close();
  }
  const v = await versionsBench(big);
  console.log(
    `\nNamed versions (${v.elements.toLocaleString('en-US')}-element site, two devices on the sync server, median of ${v.rounds})`,
  );
  console.log(
    `  POST restore until both devices show it  ${v.apiRestoreMs.toFixed(1)} ms vs the same change as a plain Yjs update ${v.plainUpdateMs.toFixed(1)} ms  ratio ${ratio(v.apiRestoreMs, v.plainUpdateMs)}x`,
  );
  console.log(
    `  Restore in a tab until the other shows it ${v.tabRestoreMs.toFixed(1)} ms vs plain update ${v.plainUpdateMs.toFixed(1)} ms  ratio ${ratio(v.tabRestoreMs, v.plainUpdateMs)}x`,
  );
}
