import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ELEMENTS } from '../../canvas/elements/registry.ts';
import { ELEMENT_TYPES, type ElementType } from '../../canvas/elements/types.ts';
import { insertElement, pageAddIndex } from '../../canvas/ops/elementOps.ts';
import { refreshNavigation } from '../../canvas/ops/pageOps.ts';
import { newId } from '../../canvas/siteDoc.ts';
import { useFirstStore } from '../../services/store/storeQueries.ts';
import { useBuilder, useCurrentPage } from './builderContext.ts';
import { focusLayer } from './layerFocus.ts';

/** The data type a palette drag carries. */
export const DRAG_TYPE = 'application/x-bizsite-type';
export const DRAG_MOVE = 'application/x-bizsite-move';

const STORE_TYPES = new Set<ElementType>(['product-grid', 'product-card', 'shopping-cart']);

/** Adds an element of `type` at the end of `parentId` (null: the page) and returns its id. */
export function useAddElement() {
  const { store, builder } = useBuilder();
  // A new store element shows the account's first store rather than the placeholder 'default-store'.
  const firstStore = useFirstStore()?.storeId;
  return (type: ElementType, pageId: string, parentId: string | null, index?: number) => {
    const id = newId();
    const defaults = ELEMENTS[type].defaults();
    const props = firstStore && STORE_TYPES.has(type) ? { ...defaults, storeId: firstStore } : defaults;
    store.edit(() => {
      // On the page itself with no position chosen (a click, a drop on the page's background, "add section"):
      // before the footer that closes the page.
      const at = index ?? (parentId === null ? pageAddIndex(store.site, pageId, type) : undefined);
      insertElement(store.site, { id, type, props }, { pageId, parentId, index: at });
      if (type === 'navbar') refreshNavigation(store.site);
    });
    builder.send({ type: 'element.added', id });
    return id;
  };
}

/**
 * The palette: click adds to the page (before its closing footer, whatever is selected; see `pageAddIndex`), drag
 * drops onto the page (there too) or into a container.
 */
export function ComponentsPanel() {
  const page = useCurrentPage();
  const add = useAddElement();
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2">Drag onto the canvas, or click to add to the page</Typography>
      {ELEMENT_TYPES.map((type) => (
        <Button
          key={type}
          variant="outlined"
          draggable
          onDragStart={(event) => {
            event.dataTransfer.setData(DRAG_TYPE, type);
            event.dataTransfer.effectAllowed = 'copy';
          }}
          // The new element is selected in Layers; keyboard focus follows it there.
          onClick={() => page && focusLayer(add(type, page.id, null))}
          sx={{ justifyContent: 'flex-start' }}
        >
          {ELEMENTS[type].label}
        </Button>
      ))}
    </Stack>
  );
}
