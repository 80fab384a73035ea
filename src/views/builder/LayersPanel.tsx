import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type PageSettingKey, updatePageSettings } from '../../canvas/ops/pageOps.ts';
import type { PageData } from '../../canvas/siteDoc.ts';
import { selectSelectedId } from '../../machines/builder/builderMachine.ts';
import { DOCUMENT_UNDO, useBuilder, useBuilderSelector, useCurrentPage } from './builderContext.ts';
import { LayerTree } from './LayerTree.tsx';
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
      <LayerTree pageId={page.id} />
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
