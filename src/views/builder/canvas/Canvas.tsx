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
import { selectMode, selectSelectedId, selectSelectedIds } from '../../../machines/builder/builderMachine.ts';
import {
  useBuilder,
  useBuilderReadOnly,
  useBuilderSelector,
  useChildren,
  useCurrentPage,
  useElement,
} from '../builderContext.ts';
import { ClipboardToolbar } from '../ClipboardToolbar.tsx';
import { DRAG_MOVE, DRAG_TYPE, useAddElement } from '../ComponentsPanel.tsx';
import { SitePreview } from '../preview/SitePreview.tsx';
import { type ElementGroup, groupIds } from './elementGroups.ts';
import { liveCatalogue } from './liveCatalogue.ts';
import { PresenceOutlines } from './PresenceOutlines.tsx';

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
  return <ElementList ids={ids} pageId={pageId} />;
}

/**
 * Sibling elements in groups of consecutive ids (no DOM of their own): an edit of one element makes React walk
 * its group's siblings, not all 500 sections of a long page. Each element stays in its group while the list
 * changes around it (`groupIds`), so an insertion or a deletion remounts nothing else.
 */
function ElementList({ ids, pageId }: { ids: readonly string[]; pageId: string }) {
  const previous = useRef<ElementGroup[] | null>(null);
  const groups = useMemo(() => groupIds(ids, previous.current), [ids]);
  useLayoutEffect(() => {
    previous.current = groups;
  }, [groups]);
  return groups.map((group) => <ElementGroupView key={group.key} ids={group.ids} pageId={pageId} />);
}

const ElementGroupView = memo(function ElementGroupView({
  ids,
  pageId,
}: {
  ids: readonly string[];
  pageId: string;
}) {
  return ids.map((id) => <ElementView key={id} id={id} pageId={pageId} />);
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
  const mode = useBuilderSelector(selectMode);
  const selectedId = useBuilderSelector(selectSelectedId);
  const selectedIds = useBuilderSelector(selectSelectedIds);
  const add = useAddElement();
  const [picking, setPicking] = useState(false);
  // A Viewer sees the page and the others' selections, but selects and drops nothing.
  const readOnly = useBuilderReadOnly();
  const editing = mode === 'edit' && !readOnly;
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

  // Off-screen top-level blocks skip layout and paint, so an edit repaints what is visible, not 5,000 elements.
  const containmentCss =
    '.bz-site>[data-element-id]:not(.bz-nav){content-visibility:auto;contain-intrinsic-size:auto 320px}';
  const selectionCss = editing
    ? `.bz-editing [data-element-id]:hover{outline:1px dashed #90caf9;outline-offset:-1px}${
        selectedIds.length > 0
          ? `${selectedIds.map((id) => `.bz-editing [data-element-id="${CSS.escape(id)}"]`).join(',')}{outline:2px solid #1976d2 !important;outline-offset:-2px}`
          : ''
      }`
    : '';

  return (
    <Box
      component="main"
      aria-label="Canvas"
      sx={{ flex: 1, overflow: 'auto', bgcolor: 'grey.100', p: editing ? 3 : 0 }}
    >
      <style>{SITE_CSS + containmentCss + selectionCss}</style>
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
          <PageElements pageId={page.id} />
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
