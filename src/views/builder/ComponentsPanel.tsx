import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ELEMENTS } from '../../canvas/elements/registry.ts';
import { ELEMENT_TYPES, type ElementType } from '../../canvas/elements/types.ts';
import { insertElement } from '../../canvas/ops/elementOps.ts';
import { refreshNavigation } from '../../canvas/ops/pageOps.ts';
import { newId } from '../../canvas/siteDoc.ts';
import { useBuilder, useCurrentPage } from './builderContext.ts';

/** The data type a palette drag carries. */
export const DRAG_TYPE = 'application/x-bizsite-type';
export const DRAG_MOVE = 'application/x-bizsite-move';

/** Adds an element of `type` at the end of `parentId` (null: the page) and returns its id. */
export function useAddElement() {
  const { store, builder } = useBuilder();
  return (type: ElementType, pageId: string, parentId: string | null, index?: number) => {
    const id = newId();
    store.edit(() => {
      insertElement(store.site, { id, type, props: ELEMENTS[type].defaults() }, { pageId, parentId, index });
      if (type === 'navbar') refreshNavigation(store.site);
    });
    builder.send({ type: 'element.added', id });
    return id;
  };
}

/** The palette: click adds to the page, drag drops onto the canvas or into a container. */
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
          onClick={() => page && add(type, page.id, null)}
          sx={{ justifyContent: 'flex-start' }}
        >
          {ELEMENTS[type].label}
        </Button>
      ))}
    </Stack>
  );
}
