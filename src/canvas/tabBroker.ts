/**
 * The tab broker: a SharedWorker that introduces the tabs open on one site to each other, so that they exchange
 * edits over direct message ports instead of a BroadcastChannel. A BroadcastChannel message goes from the tab to
 * the browser process and from there to every other tab (measured in Chromium: ~0.4 ms for a round trip between
 * two idle tabs); an entangled MessagePort pair connects the two tabs' processes directly (~0.1 ms). The broker
 * only makes the introductions: no edit passes through it.
 *
 * Protocol (stable across deploys: the worker lives at a fixed URL, so a tab of a newer build may talk to a
 * broker started by an older one while any tab of it is open):
 * - tab → broker `{ kind: 'join', room }`: the broker gives this tab and every tab already in the room a new
 *   MessageChannel between them, each its end as `{ kind: 'peer', room, port }`;
 * - tab → broker `{ kind: 'leave', room }`: no more introductions to this tab for that room (the tab says
 *   goodbye on its own ports).
 */

/** Where the broker is served (fixed, not hashed: tabs of every build must reach the same worker). */
export const TAB_BROKER_PATH = '/tab-broker.js';

/** The SharedWorker's name: with the path, the identity of the one broker of an origin. */
export const TAB_BROKER_NAME = 'bizsite-tabs';

export type TabBrokerRequest = { kind: 'join'; room: string } | { kind: 'leave'; room: string };
export type TabBrokerNotice = { kind: 'peer'; room: string; port: MessagePort };

/**
 * The broker's script, plain JavaScript as the browser runs it (a classic worker script; `self` is the
 * SharedWorkerGlobalScope). A connection that closes (where the browser reports it) leaves its rooms.
 */
export const TAB_BROKER_SOURCE = `// The tab broker (src/canvas/tabBroker.ts): introduces the tabs of one site to each other.
const rooms = new Map();
self.addEventListener('connect', (event) => {
  const tab = event.ports[0];
  const joined = new Set();
  const leave = (room) => {
    const members = rooms.get(room);
    if (members) {
      members.delete(tab);
      if (members.size === 0) rooms.delete(room);
    }
    joined.delete(room);
  };
  tab.addEventListener('message', (message) => {
    const request = message.data;
    if (!request || typeof request.room !== 'string') return;
    if (request.kind === 'join') {
      const members = rooms.get(request.room) || new Set();
      for (const member of members) {
        const link = new MessageChannel();
        member.postMessage({ kind: 'peer', room: request.room, port: link.port1 }, [link.port1]);
        tab.postMessage({ kind: 'peer', room: request.room, port: link.port2 }, [link.port2]);
      }
      members.add(tab);
      rooms.set(request.room, members);
      joined.add(request.room);
    } else if (request.kind === 'leave') {
      leave(request.room);
    }
  });
  tab.addEventListener('close', () => {
    for (const room of [...joined]) leave(room);
  });
  tab.start();
});
`;
