import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import {
  type FocusEvent,
  type KeyboardEvent,
  memo,
  type UIEvent,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { BusinessContext, type BusinessInfo, resolveBusinessTokens } from '../../canvas/businessTokens.ts';
import { definitionOf } from '../../canvas/elements/registry.ts';
import { moveElement, removeElement } from '../../canvas/ops/elementOps.ts';
import type { ElementData } from '../../canvas/siteDoc.ts';
import type { TreeIndex } from '../../canvas/tree.ts';
import { selectSelectedId, selectSelectedIds } from '../../machines/builder/builderMachine.ts';
import { useBuilder, useBuilderSelector, useElementSelector } from './builderContext.ts';
import { DRAG_MOVE } from './ComponentsPanel.tsx';
import { focusLayer, setLayerRevealer } from './layerFocus.ts';

/** One row of the Structure tree: an element, where it sits and how deep. */
type LayerRowData = { id: string; parentId: string | null; depth: number; index: number; count: number };

/** Every row of a page's tree in the order shown (depth first), read from the tree's structure only. */
function flatten(tree: TreeIndex, pageId: string): LayerRowData[] {
  const rows: LayerRowData[] = [];
  const walk = (ids: readonly string[], parentId: string | null, depth: number) => {
    ids.forEach((id, index) => {
      rows.push({ id, parentId, depth, index, count: ids.length });
      const children = tree.children.get(id);
      if (children) walk(children, id, depth + 1);
    });
  };
  walk(tree.roots.get(pageId) ?? [], null, 0);
  return rows;
}

/** The page's rows; re-renders when the structure changes (added, removed, moved), never on a text edit. */
function useLayerRows(pageId: string): LayerRowData[] {
  const { store } = useBuilder();
  const tree = useSyncExternalStore(store.subscribeTree, store.getTree);
  return useMemo(() => flatten(tree, pageId), [tree, pageId]);
}

/** Every row is this tall, so the rows in view follow from the scroll position alone. */
const ROW_HEIGHT = 36;
/** Rows rendered beyond each edge of the view. */
const OVERSCAN = 8;
/** The view's height before it is measured (and where nothing is laid out, as in tests). */
const UNMEASURED_HEIGHT = 720;

type Span = { first: number; last: number };

function spanAt(scrollTop: number, height: number): Span {
  const view = height > 0 ? height : UNMEASURED_HEIGHT;
  return {
    first: Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN),
    last: Math.ceil((scrollTop + view) / ROW_HEIGHT) + OVERSCAN,
  };
}

/**
 * The Structure tree (WAI-ARIA tree pattern), windowed: only the rows in view are in the page, each placed at
 * its position in the whole list (aria-level, aria-setsize and aria-posinset tell where it sits). Arrows go
 * through the rows in the order shown, Home/End to the first/last (scrolled into view); Enter or Space selects;
 * Alt+arrows move the element among its siblings; Delete removes it and keeps the focus in the tree.
 */
export function LayerTree({ pageId }: { pageId: string }) {
  const { builder, store } = useBuilder();
  const rows = useLayerRows(pageId);
  const selectedIds = useBuilderSelector(selectSelectedIds);
  const selectedId = useBuilderSelector(selectSelectedId);
  const scroller = useRef<HTMLDivElement | null>(null);
  const [span, setSpan] = useState<Span>(() => spanAt(0, 0));
  const [focusedId, setFocusedId] = useState<string | null>(null);
  // The layer last asked for by id stays rendered until another is, wherever the view is scrolled.
  const [revealedId, setRevealedId] = useState<string | null>(null);
  const indexOf = useMemo(() => new Map(rows.map((row, index) => [row.id, index])), [rows]);

  const measure = useCallback(() => {
    const node = scroller.current;
    if (!node) return;
    const next = spanAt(node.scrollTop, node.clientHeight);
    setSpan((previous) => (previous.first === next.first && previous.last === next.last ? previous : next));
  }, []);
  useLayoutEffect(() => {
    measure();
    const node = scroller.current;
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [measure]);

  // A layer asked for by id (an element just added, a row reached with the keyboard) is scrolled into view.
  const reveal = useCallback(
    (id: string) => {
      const node = scroller.current;
      const index = indexOf.get(id);
      if (!node || index === undefined) return;
      setRevealedId(id);
      const top = index * ROW_HEIGHT;
      const view = node.clientHeight;
      if (top < node.scrollTop) node.scrollTop = top;
      else if (view > 0 && top + ROW_HEIGHT > node.scrollTop + view) node.scrollTop = top + ROW_HEIGHT - view;
      measure();
    },
    [indexOf, measure],
  );
  useEffect(() => setLayerRevealer(reveal), [reveal]);
  // So is the selection made elsewhere (on the canvas, by a paste), when it changes or the tree opens: the keyboard
  // focus stays where it is. Only a change of selection scrolls, not an edit of the structure around it.
  const revealRef = useRef(reveal);
  useLayoutEffect(() => {
    revealRef.current = reveal;
  }, [reveal]);
  useEffect(() => {
    if (selectedId) revealRef.current(selectedId);
  }, [selectedId]);
  useEffect(() => () => setLayerRevealer(null), []);

  // Rendered: the rows in view, plus the tree's tab stop (the selection, else the first row) and the focused row.
  const shown = new Set<number>();
  for (let i = span.first; i < Math.min(rows.length, span.last); i += 1) shown.add(i);
  for (const id of [...selectedIds, focusedId, revealedId]) {
    const index = id ? indexOf.get(id) : undefined;
    if (index !== undefined) shown.add(index);
  }
  if (selectedIds.length === 0 && rows.length > 0) shown.add(0);
  const indices = [...shown].sort((a, b) => a - b);

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    const id = target.getAttribute('role') === 'treeitem' ? target.getAttribute('data-layer-id') : null;
    const at = id ? indexOf.get(id) : undefined;
    if (!id || at === undefined) return;
    const row = rows[at];
    const go = (to: LayerRowData | undefined) => {
      if (!to) return;
      event.preventDefault();
      focusLayer(to.id);
    };
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      const to = event.key === 'ArrowUp' ? row.index - 1 : row.index + 1;
      if (to < 0 || to >= row.count) return;
      store.edit(() => moveElement(store.site, id, { parentId: row.parentId, index: to }));
      requestAnimationFrame(() => focusLayer(id));
    } else if (event.key === 'ArrowDown') go(rows[at + 1]);
    else if (event.key === 'ArrowUp') go(rows[at - 1]);
    else if (event.key === 'Home') go(rows[0]);
    else if (event.key === 'End') go(rows[rows.length - 1]);
    else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      builder.send({ type: 'element.select', id });
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      // Focus stays in the tree: on the next row after its subtree, else the previous one.
      const next = rows.slice(at + 1).find((other) => other.depth <= row.depth) ?? rows[at - 1];
      store.edit(() => removeElement(store.site, id));
      if (selectedIds.includes(id)) builder.send({ type: 'element.select', id: null });
      if (next) requestAnimationFrame(() => focusLayer(next.id));
    }
  };
  const handleFocus = (event: FocusEvent<HTMLElement>) =>
    setFocusedId((event.target as HTMLElement).getAttribute('data-layer-id'));
  const handleScroll = (_event: UIEvent<HTMLElement>) => measure();

  return (
    <Box
      ref={scroller}
      role="tree"
      aria-label="Structure"
      aria-describedby="structure-keys"
      onKeyDown={handleKeyDown}
      onFocus={handleFocus}
      onScroll={handleScroll}
      sx={{ mb: 2, maxHeight: '45vh', overflowY: 'auto', position: 'relative' }}
    >
      <Box sx={{ height: rows.length * ROW_HEIGHT, position: 'relative' }}>
        {indices.map((index) => {
          const row = rows[index];
          return (
            <LayerRow
              key={row.id}
              row={row}
              position={index}
              selected={selectedIds.includes(row.id)}
              tabStop={selectedIds.length === 0 && index === 0}
            />
          );
        })}
      </Box>
    </Box>
  );
}

const selectType = (element: ElementData | null) => element?.type ?? null;
/**
 * What a row shows of the element's text: its first 24 characters, with the business's details in place of their
 * tokens, as the canvas shows them ('© Rosa’s Bakery. All', not '© {{business.name}}. All').
 */
const excerptOf = (element: ElementData | null, business: BusinessInfo | null) =>
  typeof element?.props.content === 'string'
    ? ` — ${resolveBusinessTokens(element.props.content.replace(/<[^>]*>/g, ''), business).slice(0, 24)}`
    : '';

const LayerRow = memo(function LayerRow({
  row,
  position,
  selected,
  tabStop,
}: {
  row: LayerRowData;
  position: number;
  selected: boolean;
  tabStop: boolean;
}) {
  const { id, parentId, depth, index, count } = row;
  const { builder, store } = useBuilder();
  // What the row shows (type and the start of its text): an edit further along the text does not re-render it.
  const type = useElementSelector(id, selectType);
  const business = useContext(BusinessContext);
  const selectExcerpt = useCallback(
    (element: ElementData | null) => excerptOf(element, business),
    [business],
  );
  const excerpt = useElementSelector(id, selectExcerpt);
  const labelId = useId();
  const definition = type ? definitionOf(type) : null;
  if (!definition) return null;
  return (
    <Box
      role="treeitem"
      data-layer-id={id}
      tabIndex={selected || tabStop ? 0 : -1}
      aria-selected={selected}
      aria-level={depth + 1}
      aria-setsize={count}
      aria-posinset={index + 1}
      // Named by what it shows (type and text), not by its delete button.
      aria-labelledby={labelId}
      draggable
      onDragStart={(event) => event.dataTransfer.setData(DRAG_MOVE, id)}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes(DRAG_MOVE)) event.preventDefault();
      }}
      onDrop={(event) => {
        const moved = event.dataTransfer.getData(DRAG_MOVE);
        event.preventDefault();
        event.stopPropagation();
        if (moved && moved !== id) store.edit(() => moveElement(store.site, moved, { parentId, index }));
      }}
      onClick={(event) => builder.send({ type: event.shiftKey ? 'element.toggle' : 'element.select', id })}
      sx={{
        position: 'absolute',
        top: position * ROW_HEIGHT,
        left: 0,
        right: 0,
        height: ROW_HEIGHT,
        boxSizing: 'border-box',
        pl: 1 + depth * 2,
        display: 'flex',
        alignItems: 'center',
        cursor: 'grab',
        bgcolor: selected ? 'action.selected' : undefined,
        '&:hover': { bgcolor: 'action.hover' },
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
      }}
    >
      <Typography id={labelId} variant="body2" sx={{ flex: 1 }} noWrap>
        {definition.label}
        {excerpt}
      </Typography>
      <IconButton
        size="small"
        tabIndex={-1}
        aria-label={`Delete ${definition.label}`}
        onClick={(event) => {
          event.stopPropagation();
          store.edit(() => removeElement(store.site, id));
          if (selected) builder.send({ type: 'element.select', id: null });
        }}
      >
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Box>
  );
});
