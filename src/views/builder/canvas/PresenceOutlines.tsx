import { useLayoutEffect, useRef, useState } from 'react';
import type { Peer } from '../../../canvas/collab.ts';
import { selectPeers, useBuilder, useCollabSelector } from '../builderContext.ts';

type Outline = { peer: Peer; top: number; left: number; width: number; height: number };

function measure(layer: HTMLElement, root: HTMLElement, peers: readonly Peer[]): Outline[] {
  const origin = layer.getBoundingClientRect();
  const outlines: Outline[] = [];
  for (const peer of peers) {
    if (!peer.selection) continue;
    const element = root.querySelector(`[data-element-id="${CSS.escape(peer.selection.elementId)}"]`);
    if (!element) continue;
    const box = element.getBoundingClientRect();
    outlines.push({
      peer,
      top: box.top - origin.top,
      left: box.left - origin.left,
      width: box.width,
      height: box.height,
    });
  }
  return outlines;
}

const same = (a: Outline[], b: Outline[]) =>
  a.length === b.length &&
  a.every(
    (o, i) =>
      o.peer === b[i].peer &&
      o.top === b[i].top &&
      o.left === b[i].left &&
      o.width === b[i].width &&
      o.height === b[i].height,
  );

/**
 * What the others have selected on this page: an outline in each person's colour with their name, on a layer
 * over the canvas it is placed in (the canvas has a transform, so it positions the layer). Measured again when
 * the selections, the document or the canvas size change; it never takes a click.
 */
export function PresenceOutlines({ pageId }: { pageId: string }) {
  const peers = useCollabSelector(selectPeers);
  const { store } = useBuilder();
  const [outlines, setOutlines] = useState<Outline[]>([]);
  // Its own element: its ref is attached before this component's layout effect runs (a parent's is not yet).
  const layerRef = useRef<HTMLDivElement | null>(null);

  useLayoutEffect(() => {
    const layer = layerRef.current;
    const root = layer?.parentElement;
    const shown = peers.filter((peer) => peer.selection?.pageId === pageId);
    if (!layer || !root || shown.length === 0) {
      setOutlines((previous) => (previous.length === 0 ? previous : []));
      return;
    }
    let frame = 0;
    const update = () => {
      frame = 0;
      const next = measure(layer, root, shown);
      setOutlines((previous) => (same(previous, next) ? previous : next));
    };
    // After a document change React renders first; the next frame measures what it painted.
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    const unsubscribe = store.subscribe(schedule);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    observer?.observe(root);
    return () => {
      unsubscribe();
      observer?.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [peers, pageId, store]);

  return (
    <div ref={layerRef} style={{ position: 'absolute', inset: 0, pointerEvents: 'none', zIndex: 5 }}>
      {outlines.map(({ peer, top, left, width, height }) => (
        <div
          key={peer.clientId}
          data-presence-for={peer.selection?.elementId}
          style={{
            position: 'absolute',
            top,
            left,
            width,
            height,
            outline: `2px solid ${peer.color}`,
            outlineOffset: -2,
          }}
        >
          <span
            style={{
              position: 'absolute',
              top: 0,
              right: 0,
              background: peer.color,
              color: '#fff',
              font: '600 11px/16px system-ui, sans-serif',
              padding: '0 6px',
              borderRadius: '0 0 0 4px',
              whiteSpace: 'nowrap',
            }}
          >
            {peer.name}
          </span>
        </div>
      ))}
    </div>
  );
}
