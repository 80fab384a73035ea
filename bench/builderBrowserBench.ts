// The builder in Chromium with a 5,000-element page: components re-rendered and keydown-to-frame per keystroke in a
// property field (on the normal 60 Hz frame clock, and with frames not held back by vsync: the app's own work),
// and tab-to-tab latency of an edit vs a raw BroadcastChannel round trip between the same two tabs.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { startServer, stopServer } from './processes.ts';

export type BrowserBuilderFigures = {
  elements: number;
  depth: number;
  canvasRendersMedian: number;
  canvasRendersMax: number;
  totalRendersMedian: number;
  /** (a) keydown to the task after the frame that shows the edit, on the normal 60 Hz frame clock. */
  keyToFrameP50: number;
  keyToFrameP95: number;
  /** (b) the same with frames produced as soon as they are needed (no vsync wait): the app's own work. */
  appWorkP50: number;
  appWorkP95: number;
  /** (b) keydown to the start of that frame (its animation-frame callbacks): the input task(s) alone. */
  appInputP50: number;
  /** BENCH_KEYDOWN_BUSY_MS: the busy loop added to every keydown (a check that the figures move by it). */
  busyMs: number;
  tabEditMedian: number;
  tabEditP95: number;
  channelRoundTripMedian: number;
  /** Medians of the parts of a tab-to-tab edit (ms): see `installTabTiming`. */
  tabParts: { inputToPost: number; post: number; postToMessage: number; messageToDom: number };
  /**
   * With BENCH_TRACE: medians of the thread CPU time (ms) of tab A from its input event's dispatch to the post,
   * and of tab B from its listener to its DOM, from the trace's thread clocks: what the tabs' own work costs,
   * apart from the waits a machine shared with other work adds to the wall-clock parts.
   */
  tabCpu: { inputToPost: number; messageToDom: number; edits: number } | null;
};

type SiteState = { yjsState: string; headingId: string; elements: number };

// BENCH_BUILDER_PORT: another port when several benches share one machine.
const PORT = Number(process.env.BENCH_BUILDER_PORT ?? 3190);
const BASE = `http://127.0.0.1:${PORT}`;
const EMAIL = 'bench-builder@example.com';
const PASSWORD = 'bench password 42';
// BENCH_BUILDER_EDITS: more keystrokes per run for a steadier p95 when comparing two builds (default 60).
const EDITS = Number(process.env.BENCH_BUILDER_EDITS ?? 60);
// A check of the measurement, never set in a real run: a busy loop of this many ms in a keydown listener must move
// both keystroke figures by about as much.
const BUSY_MS = Number(process.env.BENCH_KEYDOWN_BUSY_MS ?? 0);

type Edit = { value: string; at: number; paintMs: number; frameMs: number; canvas: number; total: number };

/**
 * The frame clocks a keystroke is measured on. `vsync`: Chromium's normal 60 Hz clock, what a person sees — an
 * input arriving at a random phase waits 0–16.7 ms for the next frame whatever the app does. `unlimited`: frames
 * are begun as soon as one is needed (no vsync, no frame-rate limit), so keydown to the frame is the app's own
 * work: the input task(s) plus the frame's style, layout, paint and commit on the main thread.
 */
const FRAME_CLOCK_ARGS = {
  vsync: [],
  unlimited: ['--disable-gpu-vsync', '--disable-frame-rate-limit'],
} as const;

// Runs in the page before the app: a minimal React DevTools hook that counts, per commit, the components whose
// render function ran (the PerformedWork flag), walking only subtrees that did not bail out.
function installRenderCounter(busyMs: number) {
  const w = window as unknown as Record<string, unknown>;
  const counts = { total: 0, canvas: 0 };
  w.__benchCounts = counts;
  type Fiber = {
    tag: number;
    flags: number;
    child: Fiber | null;
    sibling: Fiber | null;
    alternate: Fiber | null;
    memoizedProps: Record<string, unknown> | null;
  };
  const composite = new Set([0, 1, 11, 14, 15]);
  const visit = (fiber: Fiber, inCanvas: boolean) => {
    const here = inCanvas || (fiber.tag === 5 && fiber.memoizedProps?.['data-testid'] === 'site-canvas');
    if (composite.has(fiber.tag) && (!fiber.alternate || (fiber.flags & 1) === 1)) {
      counts.total += 1;
      if (here) counts.canvas += 1;
    }
    if (fiber.alternate && fiber.child === fiber.alternate.child) return;
    for (let child = fiber.child; child; child = child.sibling) visit(child, here);
  };
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(),
    supportsFiber: true,
    inject: () => 1,
    onScheduleFiberRoot() {},
    onCommitFiberRoot(_id: number, root: { current: Fiber }) {
      if (root.current.child) visit(root.current, false);
    },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
  // Keystroke to frame: from the keydown event's timeStamp (the browser's time of the key press) to the task after
  // the first animation frame whose DOM shows the edit (the frame's main-thread work — style, layout, paint,
  // commit — is done by then). The input event that follows the keydown carries the edit.
  const edits: Edit[] = [];
  w.__benchEdits = edits;
  let keydownAt: number | null = null;
  let watched: Element | null = null;
  document.addEventListener(
    'keydown',
    (event) => {
      keydownAt = event.timeStamp;
      const until = performance.now() + busyMs;
      while (performance.now() < until) {
        // BENCH_KEYDOWN_BUSY_MS: the check of the measurement only.
      }
    },
    true,
  );
  document.addEventListener(
    'input',
    (event) => {
      const start = keydownAt ?? event.timeStamp;
      keydownAt = null;
      const value = (event.target as HTMLInputElement).value;
      counts.total = 0;
      counts.canvas = 0;
      // The canvas element the bench edits (set before typing): the frame must show the new text. Looked up
      // once (an attribute selector over 5,000 elements costs ~0.3 ms, which would count as the app's work).
      const shown = () => {
        const id = w.__benchWatch;
        if (typeof id !== 'string') return true;
        if (!watched?.isConnected) watched = document.querySelector(`[data-element-id="${id}"]`);
        return (watched?.textContent ?? '').includes(value);
      };
      let frames = 0;
      const onFrame = () => {
        frames += 1;
        if (!shown() && frames < 30) {
          requestAnimationFrame(onFrame);
          return;
        }
        const frameMs = performance.now() - start;
        setTimeout(() => {
          edits.push({
            value,
            // The input event's time: where tab-to-tab starts (the edit exists from there).
            at: performance.timeOrigin + event.timeStamp,
            paintMs: performance.now() - start,
            canvas: counts.canvas,
            total: counts.total,
            frameMs,
          });
        }, 0);
      };
      requestAnimationFrame(onFrame);
    },
    true,
  );
}

// Runs in each page before the app: the tab-to-tab edit's own clock, apart from the keystroke timing above. It
// starts at the input event (the edit exists in tab A from then on) and notes, in the clock both tabs share,
// when tab A posts the document update on a BroadcastChannel (before and after the call) and when tab B's
// listener starts on it; tab B's MutationObserver (below) notes when its DOM shows the text. With a trace, each
// of these points is also marked in it (`console.timeStamp`), for the thread CPU time between them.
function installTabTiming(traced: boolean) {
  const w = window as unknown as Record<string, unknown>;
  const clock = () => performance.timeOrigin + performance.now();
  const inputs: { value: string; at: number }[] = [];
  const posts: { start: number; end: number }[] = [];
  const received: number[] = [];
  w.__tabTiming = { inputs, posts, received };
  const mark = traced ? (label: string) => console.timeStamp(label) : () => {};
  document.addEventListener(
    'input',
    (event) =>
      inputs.push({
        value: (event.target as HTMLInputElement).value,
        at: performance.timeOrigin + event.timeStamp,
      }),
    true,
  );
  const isUpdate = (data: unknown) => (data as { kind?: unknown } | null)?.kind === 'update';
  // The tabs' links: direct MessagePorts made by the tab broker, or a BroadcastChannel where there is none.
  for (const Link of [BroadcastChannel, MessagePort]) {
    const proto = Link.prototype as {
      postMessage(this: unknown, message: unknown, ...rest: unknown[]): void;
      addEventListener(this: unknown, type: string, listener: unknown, options?: unknown): void;
    };
    const post = proto.postMessage;
    proto.postMessage = function (this: unknown, message: unknown, ...rest: unknown[]) {
      if (!isUpdate(message)) return post.call(this, message, ...rest);
      mark('bench-tab-post');
      const start = clock();
      post.call(this, message, ...rest);
      posts.push({ start, end: clock() });
    };
    const listen = proto.addEventListener;
    proto.addEventListener = function (this: unknown, type: string, listener: unknown, options?: unknown) {
      if (type !== 'message' || typeof listener !== 'function')
        return listen.call(this, type, listener, options);
      const noted = (event: Event) => {
        if (isUpdate((event as MessageEvent).data)) {
          received.push(clock());
          mark('bench-tab-received');
        }
        (listener as (event: Event) => void).call(this, event);
      };
      return listen.call(this, type, noted, options);
    };
  }
}

type TabTiming = {
  inputs: { value: string; at: number }[];
  posts: { start: number; end: number }[];
  received: number[];
};

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  tts?: number;
  args?: { data?: { type?: string; message?: string } };
};

/** Thread CPU time of the tab-to-tab parts, from the marks `installTabTiming` leaves in a trace (see tabCpu). */
function tabThreadCpu(tracePath: string): BrowserBuilderFigures['tabCpu'] {
  const parsed = JSON.parse(readFileSync(tracePath, 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = (Array.isArray(parsed) ? parsed : parsed.traceEvents)
    .filter((e) => e.tts !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const marks = (label: string) =>
    events.filter((e) => e.name === 'TimeStamp' && e.args?.data?.message === label);
  // From each start to the next end on the same thread (both tabs' main threads run their own marks).
  const spans = (starts: TraceEvent[], ends: TraceEvent[]) =>
    starts.flatMap((start) => {
      const end = ends.find((e) => e.pid === start.pid && e.tid === start.tid && e.ts >= start.ts);
      return end ? [((end.tts ?? 0) - (start.tts ?? 0)) / 1000] : [];
    });
  const inputs = events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'input');
  const inputToPost = spans(inputs, marks('bench-tab-post'));
  const messageToDom = spans(marks('bench-tab-received'), marks('bench-tab-shown'));
  return {
    inputToPost: percentile(inputToPost, 0.5),
    messageToDom: percentile(messageToDom, 0.5),
    edits: Math.min(inputToPost.length, messageToDom.length),
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? Number.NaN;
}

async function api<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function openBuilder(page: Page, websiteId: number, headingId: string): Promise<void> {
  await page.goto(`${BASE}/builder/${websiteId}`);
  await page.locator(`[data-element-id="${headingId}"]`).waitFor({ timeout: 120_000 });
}

/** A Chromium on the given frame clock, signed in, with the site open in two tabs (two windows side by side). */
async function openTwoTabs(
  clock: keyof typeof FRAME_CLOCK_ARGS,
  websiteId: number,
  headingId: string,
): Promise<{ browser: Browser; page: Page; other: Page }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    // Two windows side by side, as an owner would have them: neither tab is throttled as a background tab.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-timer-throttling',
      '--disable-renderer-backgrounding',
      '--disable-backgrounding-occluded-windows',
      ...FRAME_CLOCK_ARGS[clock],
    ],
  });
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(() => localStorage.setItem('hasSeenWalkthrough', 'true'));
  await context.addInitScript(installRenderCounter, BUSY_MS);
  await context.addInitScript(installTabTiming, Boolean(process.env.BENCH_TRACE));
  const page = await context.newPage();
  await page.goto(`${BASE}/login`);
  await page.getByLabel('Email').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  await openBuilder(page, websiteId, headingId);
  const other = await context.newPage();
  await openBuilder(other, websiteId, headingId);
  return { browser, page, other };
}

/** Types EDITS letters at the end of the heading's Heading field, one at a time: the edits as the page timed them. */
async function typeIntoHeading(
  browser: Browser,
  page: Page,
  headingId: string,
  trace?: string,
  profilePath?: string,
): Promise<Edit[]> {
  await page.bringToFront();
  await page.locator(`[data-element-id="${headingId}"]`).click();
  const field = page.getByLabel('Heading', { exact: true });
  await field.click();
  await field.press('End');
  await page.evaluate((id) => {
    (window as unknown as Record<string, unknown>).__benchWatch = id;
  }, headingId);
  if (trace) await browser.startTracing(undefined, { path: trace, screenshots: false });
  // BENCH_PROFILE=file.cpuprofile: the typing tab's JavaScript CPU profile (unlimited frame clock), for DevTools.
  const profile = profilePath ? await page.context().newCDPSession(page) : null;
  if (profile) {
    await profile.send('Profiler.enable');
    await profile.send('Profiler.setSamplingInterval', { interval: 100 });
    await profile.send('Profiler.start');
  }
  for (let i = 0; i < EDITS; i++) {
    await page.keyboard.type(String.fromCharCode(97 + (i % 26)));
    await page.waitForFunction(
      (n) => ((window as unknown as { __benchEdits: unknown[] }).__benchEdits.length ?? 0) >= n,
      i + 1,
    );
    await page.waitForTimeout(30);
  }
  if (trace) await browser.stopTracing();
  if (profile && profilePath) {
    const { profile: recorded } = await profile.send('Profiler.stop');
    writeFileSync(profilePath, JSON.stringify(recorded));
  }
  return (await page.evaluate(() => (window as unknown as { __benchEdits: unknown }).__benchEdits)) as Edit[];
}

export async function builderBrowserBench(site: SiteState): Promise<BrowserBuilderFigures> {
  const server = await startServer(
    'server/main.ts',
    {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-builder-')),
      DATABASE_URL: '',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    },
    `${BASE}/api/health`,
  );
  let browser: Browser | null = null;
  try {
    const { token } = await api<{ token: string }>('/api/auth/register', {
      email: EMAIL,
      password: PASSWORD,
    });
    await api(
      '/api/business/setup',
      {
        businessName: 'Bench Bakery',
        industry: 'retail',
        services: 'Bread',
        email: 'hello@bench.example',
        phone: '+1 555 0100',
      },
      token,
    );
    const saved = await api<{ id: number }>(
      '/api/website/save',
      { name: 'Bench site', htmlContent: '', pagesData: '[]', pages: [], yjsState: site.yjsState },
      token,
    );

    // BENCH_TRACE=file.json: a Chromium performance trace of the typing (both tabs), to open in DevTools; the
    // typing on the unlimited frame clock goes to file.app-work.json.
    const trace = process.env.BENCH_TRACE;

    // (b) first: the app's work, frames begun as soon as they are needed.
    const unlimited = await openTwoTabs('unlimited', saved.id, site.headingId);
    browser = unlimited.browser;
    const appEdits = await typeIntoHeading(
      browser,
      unlimited.page,
      site.headingId,
      trace?.replace(/(\.json)?$/, '.app-work.json'),
      process.env.BENCH_PROFILE,
    );
    await browser.close();
    browser = null;

    // (a) and tab-to-tab: the normal 60 Hz frame clock.
    const opened = await openTwoTabs('vsync', saved.id, site.headingId);
    browser = opened.browser;
    const { page, other } = opened;

    // The second tab notes when the heading's text changes, in the shared clock of both tabs.
    await other.evaluate(
      ({ id, traced }) => {
        const seen: { value: string; at: number }[] = [];
        (window as unknown as Record<string, unknown>).__benchSeen = seen;
        const target = document.querySelector(`[data-element-id="${id}"]`) as Element;
        new MutationObserver(() => {
          seen.push({ value: target.textContent ?? '', at: performance.timeOrigin + performance.now() });
          if (traced) console.timeStamp('bench-tab-shown');
        }).observe(target, { subtree: true, childList: true, characterData: true });
      },
      { id: site.headingId, traced: Boolean(trace) },
    );

    // BENCH_PROFILE_OTHER=file.cpuprofile: the receiving tab's JavaScript CPU profile during that typing (60 Hz
    // clock), for DevTools: what tab B runs to show another tab's edit (sampled without a trace's overhead).
    const otherProfilePath = process.env.BENCH_PROFILE_OTHER;
    const otherProfile = otherProfilePath ? await other.context().newCDPSession(other) : null;
    if (otherProfile) {
      await otherProfile.send('Profiler.enable');
      await otherProfile.send('Profiler.setSamplingInterval', { interval: 50 });
      await otherProfile.send('Profiler.start');
    }
    const edits = await typeIntoHeading(browser, page, site.headingId, trace);
    const tabCpu = trace ? tabThreadCpu(trace) : null;
    if (otherProfile && otherProfilePath) {
      const { profile: recorded } = await otherProfile.send('Profiler.stop');
      writeFileSync(otherProfilePath, JSON.stringify(recorded));
    }
    await other.waitForTimeout(500);
    const seen = (await other.evaluate(
      () => (window as unknown as { __benchSeen: unknown }).__benchSeen,
    )) as {
      value: string;
      at: number;
    }[];
    // Tab to tab: from tab A's input event until tab B's DOM shows the same text.
    const sent = (await page.evaluate(
      () => (window as unknown as { __tabTiming: unknown }).__tabTiming,
    )) as TabTiming;
    const got = (await other.evaluate(
      () => (window as unknown as { __tabTiming: unknown }).__tabTiming,
    )) as TabTiming;
    const parts = {
      inputToPost: [] as number[],
      post: [] as number[],
      postToMessage: [] as number[],
      messageToDom: [] as number[],
    };
    const tabLatencies: number[] = [];
    for (const input of sent.inputs) {
      const shown = seen.find((s) => s.value === input.value)?.at;
      if (shown === undefined) continue;
      tabLatencies.push(shown - input.at);
      const posted = sent.posts.find((p) => p.start >= input.at);
      const arrived = posted && got.received.find((at) => at >= posted.start);
      if (!posted || arrived === undefined || arrived > shown) continue;
      parts.inputToPost.push(posted.start - input.at);
      parts.post.push(posted.end - posted.start);
      parts.postToMessage.push(arrived - posted.start);
      parts.messageToDom.push(shown - arrived);
    }

    // Baseline: a raw BroadcastChannel round trip between the same two tabs.
    await other.evaluate(() => {
      const channel = new BroadcastChannel('bench-raw');
      channel.onmessage = (event) => channel.postMessage(event.data);
    });
    const roundTrips = await page.evaluate(async () => {
      const channel = new BroadcastChannel('bench-raw');
      const times: number[] = [];
      for (let i = 0; i < 200; i++) {
        const start = performance.now();
        await new Promise<void>((resolve) => {
          channel.onmessage = () => resolve();
          channel.postMessage({ kind: 'update', update: new Uint8Array(16) });
        });
        times.push(performance.now() - start);
      }
      channel.close();
      return times;
    });

    const paint = edits.map((edit) => edit.paintMs);
    const appWork = appEdits.map((edit) => edit.paintMs);
    const canvas = edits.map((edit) => edit.canvas);
    return {
      elements: site.elements,
      depth: 2,
      canvasRendersMedian: percentile(canvas, 0.5),
      canvasRendersMax: Math.max(...canvas),
      totalRendersMedian: percentile(
        edits.map((edit) => edit.total),
        0.5,
      ),
      keyToFrameP50: percentile(paint, 0.5),
      keyToFrameP95: percentile(paint, 0.95),
      appWorkP50: percentile(appWork, 0.5),
      appWorkP95: percentile(appWork, 0.95),
      appInputP50: percentile(
        appEdits.map((edit) => edit.frameMs),
        0.5,
      ),
      busyMs: BUSY_MS,
      tabEditMedian: percentile(tabLatencies, 0.5),
      tabEditP95: percentile(tabLatencies, 0.95),
      channelRoundTripMedian: percentile(roundTrips, 0.5),
      tabCpu,
      tabParts: {
        inputToPost: percentile(parts.inputToPost, 0.5),
        post: percentile(parts.post, 0.5),
        postToMessage: percentile(parts.postToMessage, 0.5),
        messageToDom: percentile(parts.messageToDom, 0.5),
      },
    };
  } finally {
    await browser?.close();
    await stopServer(server);
  }
}
