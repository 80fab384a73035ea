import { type RefObject, useLayoutEffect, useState } from 'react';
import type { Peer } from '../../../canvas/collab.ts';
import { useBuilder, useCollab } from '../builderContext.ts';

type Outline = { peer: Peer; top: number; left: number; width: number; height: number };

function measure(root: HTMLElement, peers: readonly Peer[], pageId: string): Outline[] {
  const origin = root.getBoundingClientRect();
  const outlines: Outline[] = [];
  for (const peer of peers) {
    if (!peer.selection || peer.selection.pageId !== pageId) continue;
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
 * What the others have selected on this page: an outline in each person's colour with their name, drawn over
 * the canvas (which is the positioning box: it has a transform). Measured again when the selections, the
 * document or the canvas size change; it never takes a click.
 */
export function PresenceOutlines({
  pageId,
  canvas,
}: {
  pageId: string;
  canvas: RefObject<HTMLElement | null>;
}) {
  const { peers } = useCollab();
  const { store } = useBuilder();
  const [outlines, setOutlines] = useState<Outline[]>([]);

  useLayoutEffect(() => {
    const root = canvas.current;
    const shown = peers.filter((peer) => peer.selection?.pageId === pageId);
    if (!root || shown.length === 0) {
      setOutlines((previous) => (previous.length === 0 ? previous : []));
      return;
    }
    let frame = 0;
    const update = () => {
      frame = 0;
      const next = measure(root, shown, pageId);
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
  }, [canvas, peers, pageId, store]);

  return (
    <>
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
            pointerEvents: 'none',
            zIndex: 5,
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
    </>
  );
}
