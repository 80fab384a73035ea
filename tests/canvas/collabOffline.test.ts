import { expect, test } from 'vitest';
import { SiteCollab } from '../../src/canvas/collab.ts';
import { siteWithHome } from './canvasFixtures.ts';

/** A WebSocket that never opens, never fails: a connection still on its way when the network goes. */
class PendingSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = 0;
  binaryType = 'arraybuffer';
  onopen: unknown = null;
  onmessage: unknown = null;
  onclose: unknown = null;
  onerror: unknown = null;
  send(): void {}
  close(): void {
    this.readyState = 3;
  }
}

// The browser going offline while the site's connection is still being made (it had just opened): the status
// stayed "All changes saved" (the connection's 'connecting' with nothing pending), and edits made offline then
// read "Saving…" for ever instead of "Offline — changes kept on this device".
test('the browser going offline while the connection is still being made reads offline', async () => {
  const page = new EventTarget();
  const collab = new SiteCollab(siteWithHome(), {
    url: 'ws://127.0.0.1:9/api/collab',
    token: () => 'token',
    user: { id: 'u1', name: 'Me' },
    page,
    WebSocketPolyfill: PendingSocket as unknown as typeof WebSocket,
  });
  collab.connect(`site-${Math.floor(Math.random() * 1e9)}`);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(collab.getSnapshot().status).toBe('connecting');

  page.dispatchEvent(new Event('offline'));
  expect(collab.getSnapshot().status).toBe('offline');

  page.dispatchEvent(new Event('online'));
  expect(collab.getSnapshot().status).toBe('connecting');
  collab.disconnect();
});
