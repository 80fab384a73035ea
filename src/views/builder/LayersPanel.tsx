import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { definitionOf } from '../../canvas/elements/registry.ts';
import { moveElement, removeElement } from '../../canvas/ops/elementOps.ts';
import { type PageSettingKey, updatePageSettings } from '../../canvas/ops/pageOps.ts';
import type { PageData } from '../../canvas/siteDoc.ts';
import { selectSelectedId } from '../../machines/builderMachine.ts';
import { useBuilder, useBuilderSelector, useChildren, useCurrentPage, useElement } from './builderContext.ts';
import { DRAG_MOVE } from './ComponentsPanel.tsx';
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
      <Box role="tree" aria-label="Structure" sx={{ mb: 2 }}>
        <LayerList pageId={page.id} parentId={null} depth={0} />
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

function LayerList({ pageId, parentId, depth }: { pageId: string; parentId: string | null; depth: number }) {
  const ids = useChildren(pageId, parentId);
  return (
    <>
      {ids.map((id, index) =>
        depth === 0 ? (
          // Top-level groups out of view skip layout and paint: a long structure stays cheap to edit beside.
          <Box key={id} sx={{ contentVisibility: 'auto', containIntrinsicSize: 'auto 36px' }}>
            <LayerRow id={id} pageId={pageId} parentId={parentId} index={index} depth={depth} />
          </Box>
        ) : (
          <LayerRow key={id} id={id} pageId={pageId} parentId={parentId} index={index} depth={depth} />
        ),
      )}
    </>
  );
}

const LayerRow = memo(function LayerRow(props: {
  id: string;
  pageId: string;
  parentId: string | null;
  index: number;
  depth: number;
}) {
  const { id, pageId, parentId, index, depth } = props;
  const { builder, store } = useBuilder();
  const element = useElement(id);
  const selected = useBuilderSelector(selectSelectedId) === id;
  const definition = element ? definitionOf(element.type) : null;
  if (!element || !definition) return null;
  return (
    <>
      <Box
        role="treeitem"
        aria-selected={selected}
        aria-label={`${definition.label} layer`}
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
        onClick={() => builder.send({ type: 'element.select', id })}
        sx={{
          pl: 1 + depth * 2,
          py: 0.5,
          display: 'flex',
          alignItems: 'center',
          cursor: 'grab',
          bgcolor: selected ? 'action.selected' : undefined,
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        <Typography variant="body2" sx={{ flex: 1 }} noWrap>
          {definition.label}
          {typeof element.props.content === 'string'
            ? ` — ${element.props.content.replace(/<[^>]*>/g, '').slice(0, 24)}`
            : ''}
        </Typography>
        <IconButton
          size="small"
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
      {definition.container ? <LayerList pageId={pageId} parentId={id} depth={depth + 1} /> : null}
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
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h2">
        Page Settings
      </Typography>
      <TextField
        fullWidth
        size="small"
        margin="dense"
        label="Page Title"
        value={page.title}
        onChange={(event) => set({ title: event.target.value })}
      />
      <TextField
        fullWidth
        size="small"
        margin="dense"
        multiline
        minRows={2}
        label="Page Description"
        value={page.description}
        onChange={(event) => set({ description: event.target.value })}
      />
      <TextField
        fullWidth
        size="small"
        margin="dense"
        label="Canonical URL"
        placeholder="https://… (empty: this page)"
        value={page.canonicalUrl}
        onChange={(event) => set({ canonicalUrl: event.target.value })}
      />
      <TextField
        fullWidth
        size="small"
        margin="dense"
        label="Open Graph Image URL"
        value={page.ogImage}
        onChange={(event) => set({ ogImage: event.target.value })}
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
