import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import {
  type DragEvent,
  type MouseEvent,
  memo,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { BusinessContext, withBusinessProps } from '../../../canvas/businessTokens.ts';
import { SITE_CSS } from '../../../canvas/elements/constants.ts';
import { definitionOf, ELEMENTS, isElementType } from '../../../canvas/elements/registry.ts';
import { CatalogueContext } from '../../../canvas/elements/storeData.ts';
import { ELEMENT_TYPES } from '../../../canvas/elements/types.ts';
import { moveElement } from '../../../canvas/ops/elementOps.ts';
import { SitePagesContext } from '../../../canvas/pageLinks.ts';
import { selectMode, selectSelectedId, selectSelectedIds } from '../../../machines/builder/builderMachine.ts';
import {
  useBuilder,
  useBuilderReadOnly,
  useBuilderSelector,
  useChildren,
  useCurrentPage,
  useElement,
  usePages,
} from '../builderContext.ts';
import { ClipboardToolbar } from '../ClipboardToolbar.tsx';
import { DRAG_MOVE, DRAG_TYPE, useAddElement } from '../ComponentsPanel.tsx';
import { SitePreview } from '../preview/SitePreview.tsx';
import { type ElementGroup, groupIds } from './elementGroups.ts';
import { liveCatalogue } from './liveCatalogue.ts';
import { PresenceOutlines } from './PresenceOutlines.tsx';
import { useRevealSelected } from './revealSelected.ts';

/** One element, subscribed to itself and its own children list only. */
const ElementView = memo(function ElementView({ id, pageId }: { id: string; pageId: string }) {
  const element = useElement(id);
  const childIds = useChildren(pageId, id);
  const definition = element ? definitionOf(element.type) : null;
  const business = useContext(BusinessContext);
  if (!element || !definition) return null;
  const { Render } = definition;
  return (
    <Render id={id} props={withBusinessProps(element.props, business)}>
      {definition.container ? (
        childIds.length > 0 ? (
          <ElementList ids={childIds} pageId={pageId} />
        ) : (
          <div
            data-drop-hint
            style={{ padding: 16, color: '#999', border: '1px dashed #ccc', textAlign: 'center' }}
          >
            Drop components here
          </div>
        )
      ) : null}
    </Render>
  );
});

/** The page's elements on the canvas, each subscribed to itself. */
export function PageElements({ pageId }: { pageId: string }) {
  const ids = useChildren(pageId, null);
  if (ids.length === 0) {
    return (
      <Typography sx={{ p: 6, textAlign: 'center', color: 'text.secondary' }}>
        Drag components here to start building your page
      </Typography>
    );
  }
  return <ElementList ids={ids} pageId={pageId} topLevel />;
}

/** The height a block is given until it has been laid out once (then it keeps its last size). */
const BLOCK_ESTIMATE_PX = 320;
/** Off-screen top-level elements and blocks skip layout and paint: an edit repaints what is visible. */
const CONTAINMENT_CSS = `.bz-site>[data-element-id]:not(.bz-nav),.bz-run>[data-element-id]{content-visibility:auto;contain-intrinsic-size:auto ${BLOCK_ESTIMATE_PX}px}.bz-run{content-visibility:auto}`;

/**
 * Sibling elements in groups of consecutive ids: an edit of one element makes React walk its group's siblings,
 * not all 500 sections of a long page. Each element stays in its group while the list changes around it
 * (`groupIds`), so an insertion or a deletion remounts nothing else.
 *
 * A page's top-level groups, when there are several, are each one block (`bz-run`) that Chromium skips while it
 * is off screen, like each top-level element: it then checks a few dozen blocks for visibility per frame rather
 * than 500 (measured in `bench/README.md`, builder). Nested lists have no DOM of their own.
 */
function ElementList({
  ids,
  pageId,
  topLevel = false,
}: {
  ids: readonly string[];
  pageId: string;
  topLevel?: boolean;
}) {
  const previous = useRef<ElementGroup[] | null>(null);
  const groups = useMemo(() => groupIds(ids, previous.current), [ids]);
  useLayoutEffect(() => {
    previous.current = groups;
  }, [groups]);
  const asBlocks = topLevel && groups.length > 1;
  return groups.map((group) => (
    <ElementGroupView key={group.key} ids={group.ids} pageId={pageId} asBlock={asBlocks} />
  ));
}

const ElementGroupView = memo(function ElementGroupView({
  ids,
  pageId,
  asBlock,
}: {
  ids: readonly string[];
  pageId: string;
  asBlock: boolean;
}) {
  const { store } = useBuilder();
  const elements = ids.map((id) => <ElementView key={id} id={id} pageId={pageId} />);
  // A sticky or fixed navbar sticks over the whole page only as the site's own child (a block around it would
  // hold it to the block's height): a group with a navbar stays without one. An element's type never changes.
  if (!asBlock || ids.some((id) => store.getElement(id)?.type === 'navbar')) return elements;
  return (
    <div className="bz-run" style={{ containIntrinsicSize: `auto ${ids.length * BLOCK_ESTIMATE_PX}px` }}>
      {elements}
    </div>
  );
});

/** The nearest container element around a DOM node inside the canvas, or null (the page). */
function containerAt(node: EventTarget | null, getType: (id: string) => string | null): string | null {
  let el = node instanceof Element ? node.closest('[data-element-id]') : null;
  while (el) {
    const id = el.getAttribute('data-element-id') as string;
    const type = getType(id);
    if (type && definitionOf(type)?.container) return id;
    el = el.parentElement?.closest('[data-element-id]') ?? null;
  }
  return null;
}

/** The central canvas: selection mode (click selects, drop adds or moves) and preview mode. */
export function Canvas() {
  const { builder, store } = useBuilder();
  const page = useCurrentPage();
  // The footer's quick links point to the site's pages by name (clicks on them stay in the editor: below).
  const pages = usePages();
  const mode = useBuilderSelector(selectMode);
  const selectedId = useBuilderSelector(selectSelectedId);
  const selectedIds = useBuilderSelector(selectSelectedIds);
  const add = useAddElement();
  const [picking, setPicking] = useState(false);
  // A Viewer sees the page and the others' selections, but selects and drops nothing.
  const readOnly = useBuilderReadOnly();
  const editing = mode === 'edit' && !readOnly;
  const view = useRef<HTMLElement>(null);
  useRevealSelected(view, selectedId, editing);
  if (!page) return null;
  if (mode !== 'edit') return <SitePreview pageId={page.id} />;

  const getType = (id: string) => store.getElement(id)?.type ?? null;
  const selected = selectedId ? store.getElement(selectedId) : null;
  const selectedIsContainer = selected ? Boolean(definitionOf(selected.type)?.container) : false;

  const handleClick = (event: MouseEvent) => {
    // Links and buttons of the site never navigate the builder away.
    if ((event.target as Element).closest('a, button, [type=submit]')) event.preventDefault();
    if (!editing) return;
    const target = (event.target as Element).closest('[data-element-id]');
    const id = target?.getAttribute('data-element-id') ?? null;
    // Shift+click adds to the selection (or takes out), for copying or cutting several elements.
    if (event.shiftKey && id) {
      // Shift+click also extends the browser's text selection, which would take Ctrl+C over: drop it.
      document.getSelection()?.removeAllRanges();
      builder.send({ type: 'element.toggle', id });
    } else builder.send({ type: 'element.select', id });
  };
  const handleDragOver = (event: DragEvent) => {
    if (
      editing &&
      (event.dataTransfer.types.includes(DRAG_TYPE) || event.dataTransfer.types.includes(DRAG_MOVE))
    ) {
      event.preventDefault();
    }
  };
  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    const parentId = containerAt(event.target, getType);
    const type = event.dataTransfer.getData(DRAG_TYPE);
    const moved = event.dataTransfer.getData(DRAG_MOVE);
    if (type && isElementType(type)) add(type, page.id, parentId);
    else if (moved) store.edit(() => moveElement(store.site, moved, { parentId }));
  };

  const selectionCss = editing
    ? `.bz-editing [data-element-id]:hover{outline:1px dashed #90caf9;outline-offset:-1px}${
        selectedIds.length > 0
          ? `${selectedIds.map((id) => `.bz-editing [data-element-id="${CSS.escape(id)}"]`).join(',')}{outline:2px solid #1976d2 !important;outline-offset:-2px}`
          : ''
      }`
    : '';

  return (
    <Box
      ref={view}
      component="main"
      aria-label="Canvas"
      sx={{ flex: 1, minHeight: 0, overflow: 'auto', bgcolor: 'grey.100', p: editing ? { xs: 1, sm: 3 } : 0 }}
    >
      <style>{SITE_CSS + CONTAINMENT_CSS + selectionCss}</style>
      {editing ? (
        <Box sx={{ mb: 1, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {selectedIsContainer ? (
            <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={() => setPicking(true)}>
              Add to {definitionOf(selected?.type ?? '')?.label}
            </Button>
          ) : null}
          <ClipboardToolbar />
        </Box>
      ) : null}
      <Box
        data-testid="site-canvas"
        className={`bz-site${editing ? ' bz-editing' : ''}`}
        onClick={handleClick}
        onSubmit={(event) => event.preventDefault()}
        onDragOver={handleDragOver}
        onDrop={handleDrop}
        // A transform makes fixed navbars stay inside the canvas.
        sx={{
          minHeight: '100%',
          bgcolor: '#ffffff',
          boxShadow: editing ? 1 : 0,
          transform: 'translateZ(0)',
          cursor: editing ? 'default' : 'auto',
        }}
      >
        <CatalogueContext.Provider value={liveCatalogue}>
          <SitePagesContext.Provider value={pages}>
            <PageElements pageId={page.id} />
          </SitePagesContext.Provider>
        </CatalogueContext.Provider>
        <PresenceOutlines pageId={page.id} />
      </Box>
      <Dialog open={picking} onClose={() => setPicking(false)}>
        <DialogTitle>Add Component</DialogTitle>
        <List sx={{ minWidth: 280 }}>
          {ELEMENT_TYPES.map((type) => (
            <ListItem key={type} disablePadding>
              <ListItemButton
                onClick={() => {
                  if (selectedId) add(type, page.id, selectedId);
                  setPicking(false);
                }}
              >
                {ELEMENTS[type].label}
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Dialog>
    </Box>
  );
}
