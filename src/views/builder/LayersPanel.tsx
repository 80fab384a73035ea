import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, memo, useId } from 'react';
import { definitionOf } from '../../canvas/elements/registry.ts';
import { moveElement, removeElement } from '../../canvas/ops/elementOps.ts';
import { type PageSettingKey, updatePageSettings } from '../../canvas/ops/pageOps.ts';
import type { ElementData, PageData } from '../../canvas/siteDoc.ts';
import { selectSelectedId, selectSelectedIds } from '../../machines/builderMachine.ts';
import {
  DOCUMENT_UNDO,
  useBuilder,
  useBuilderSelector,
  useChildren,
  useCurrentPage,
  useElementSelector,
} from './builderContext.ts';
import { DRAG_MOVE } from './ComponentsPanel.tsx';
import { focusLayer } from './layerFocus.ts';
import { PropertiesPanel } from './PropertiesPanel.tsx';

/** The page structure (drag to reorder), the selection's properties and Page Settings. */
export function LayersPanel() {
  const page = useCurrentPage();
  const selectedId = useBuilderSelector(selectSelectedId);
  if (!page) return null;
  return (
    <Box>
      <Typography variant="subtitle1" component="h2">
        Structure
      </Typography>
      <Typography id="structure-keys" variant="caption" color="text.secondary" component="p">
        Keyboard: ↑/↓ go through the layers, Enter selects, Alt+↑/Alt+↓ move the layer, Delete removes it.
      </Typography>
      <Box role="tree" aria-label="Structure" aria-describedby="structure-keys" sx={{ mb: 2 }}>
        <LayerList pageId={page.id} parentId={null} depth={0} hasSelection={selectedId !== null} />
      </Box>
      <Divider />
      {selectedId ? (
        <PropertiesPanel key={selectedId} id={selectedId} />
      ) : (
        <Typography color="text.secondary" sx={{ my: 2 }}>
          Select an element to edit its properties
        </Typography>
      )}
      <Divider />
      <PageSettings />
    </Box>
  );
}

function LayerList({
  pageId,
  parentId,
  depth,
  hasSelection,
}: {
  pageId: string;
  parentId: string | null;
  depth: number;
  hasSelection: boolean;
}) {
  const ids = useChildren(pageId, parentId);
  const count = ids.length;
  return (
    <>
      {ids.map((id, index) =>
        depth === 0 ? (
          // Top-level groups out of view skip layout and paint: a long structure stays cheap to edit beside.
          <Box key={id} sx={{ contentVisibility: 'auto', containIntrinsicSize: 'auto 36px' }}>
            <LayerRow
              id={id}
              pageId={pageId}
              parentId={parentId}
              index={index}
              count={count}
              depth={depth}
              // With nothing selected, the first layer is the tree's tab stop.
              tabStop={!hasSelection && index === 0}
            />
          </Box>
        ) : (
          <LayerRow
            key={id}
            id={id}
            pageId={pageId}
            parentId={parentId}
            index={index}
            count={count}
            depth={depth}
            tabStop={false}
          />
        ),
      )}
    </>
  );
}

const selectType = (element: ElementData | null) => element?.type ?? null;
const selectExcerpt = (element: ElementData | null) =>
  typeof element?.props.content === 'string'
    ? ` — ${element.props.content.replace(/<[^>]*>/g, '').slice(0, 24)}`
    : '';

const LayerRow = memo(function LayerRow(props: {
  id: string;
  pageId: string;
  parentId: string | null;
  index: number;
  count: number;
  depth: number;
  tabStop: boolean;
}) {
  const { id, pageId, parentId, index, count, depth, tabStop } = props;
  const { builder, store } = useBuilder();
  // What the row shows (type and the start of its text), so an edit further along the text does not re-render it.
  const type = useElementSelector(id, selectType);
  const excerpt = useElementSelector(id, selectExcerpt);
  const selected = useBuilderSelector(selectSelectedIds).includes(id);
  const labelId = useId();
  const definition = type ? definitionOf(type) : null;
  if (!definition) return null;
  const remove = () => {
    store.edit(() => removeElement(store.site, id));
    if (selected) builder.send({ type: 'element.select', id: null });
  };
  // The tree's keys (WAI-ARIA tree pattern): arrows go through the rows in the order shown, Home/End to
  // the first/last; Enter or Space selects; Alt+arrows move the element among its siblings; Delete removes.
  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget) return;
    const rows = Array.from(
      event.currentTarget.closest('[role="tree"]')?.querySelectorAll<HTMLElement>('[role="treeitem"]') ?? [],
    );
    const at = rows.indexOf(event.currentTarget);
    const focusRow = (row: HTMLElement | undefined) => {
      if (!row) return;
      event.preventDefault();
      row.focus();
    };
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      const to = event.key === 'ArrowUp' ? index - 1 : index + 1;
      if (to < 0 || to >= count) return;
      store.edit(() => moveElement(store.site, id, { parentId, index: to }));
      requestAnimationFrame(() => focusLayer(id));
    } else if (event.key === 'ArrowDown') focusRow(rows[at + 1]);
    else if (event.key === 'ArrowUp') focusRow(rows[at - 1]);
    else if (event.key === 'Home') focusRow(rows[0]);
    else if (event.key === 'End') focusRow(rows[rows.length - 1]);
    else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      builder.send({ type: 'element.select', id });
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      // Focus stays in the tree: on the next row, else the previous one.
      const neighbour = rows.slice(at + 1).find((row) => !row.closest(`[data-layer-subtree="${id}"]`));
      const next = neighbour ?? rows[at - 1];
      remove();
      const nextId = next?.getAttribute('data-layer-id');
      if (nextId) requestAnimationFrame(() => focusLayer(nextId));
    }
  };
  return (
    <>
      <Box
        role="treeitem"
        data-layer-id={id}
        tabIndex={selected || tabStop ? 0 : -1}
        onKeyDown={handleKeyDown}
        aria-selected={selected}
        aria-level={depth + 1}
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
          pl: 1 + depth * 2,
          py: 0.5,
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
            remove();
          }}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Box>
      {definition.container ? (
        <Box data-layer-subtree={id}>
          <LayerList pageId={pageId} parentId={id} depth={depth + 1} hasSelection />
        </Box>
      ) : null}
    </>
  );
});

/** Title, description and the other SEO settings of the current page (SEO Tools reads the same fields). */
function PageSettings() {
  const { store } = useBuilder();
  const page = useCurrentPage();
  if (!page) return null;
  const set = (settings: Partial<Pick<PageData, PageSettingKey>>) =>
    store.edit(() => updatePageSettings(store.site, page.id, settings));
  // Keystrokes of one field in a row are one undo step (the noindex switch is a command of its own).
  const type = (key: 'title' | 'description' | 'canonicalUrl' | 'ogImage', value: string) =>
    store.type(`page:${page.id}:${key}`, () => updatePageSettings(store.site, page.id, { [key]: value }));
  return (
    <Box sx={{ mt: 2 }} {...DOCUMENT_UNDO} onBlur={store.endTyping}>
      <Typography variant="subtitle1" component="h2">
        Page Settings
      </Typography>
      <TextField
        fullWidth
        size="small"
        margin="dense"
        label="Page Title"
        value={page.title}
        onChange={(event) => type('title', event.target.value)}
      />
      <TextField
        fullWidth
        size="small"
        margin="dense"
        multiline
        minRows={2}
        label="Page Description"
        value={page.description}
        onChange={(event) => type('description', event.target.value)}
      />
      <TextField
        fullWidth
        size="small"
        margin="dense"
        label="Canonical URL"
        placeholder="https://… (empty: this page)"
        value={page.canonicalUrl}
        onChange={(event) => type('canonicalUrl', event.target.value)}
      />
      <TextField
        fullWidth
        size="small"
        margin="dense"
        label="Open Graph Image URL"
        value={page.ogImage}
        onChange={(event) => type('ogImage', event.target.value)}
      />
      <FormControlLabel
        control={
          <Switch checked={page.noindex} onChange={(event) => set({ noindex: event.target.checked })} />
        }
        label="Hide from search engines (noindex)"
      />
    </Box>
  );
}
