import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { deletePage, renamePage } from '../../canvas/ops/pageOps.ts';
import { PAGE_MESSAGES } from '../../canvas/ops/pagePaths.ts';
import type { PageData } from '../../canvas/siteDoc.ts';
import { useConfirmDelete } from '../common/useConfirmDelete.tsx';
import { AddPageDialog } from './AddPageDialog.tsx';
import { useBuilder, useCurrentPage, usePages } from './builderContext.ts';

/** Pages with the Home badge, Add Page, rename and delete (spec §2, §5). */
export function PageManager() {
  const { builder, store } = useBuilder();
  const pages = usePages();
  const current = useCurrentPage();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const confirm = useConfirmDelete();
  // 'Cannot delete the last page.' shows under the list until closed (or moot: a page was added).
  const [lastPageRefused, setLastPageRefused] = useState(false);

  const handleDelete = (page: PageData) => {
    setLastPageRefused(pages.length <= 1);
    if (pages.length <= 1) return;
    confirm.ask('page', PAGE_MESSAGES.confirmDelete, () => {
      store.edit(() => deletePage(store.site, page.id));
      // Deleting the current page moves to the first page.
      if (page.id === current?.id) {
        const first = pages.find((candidate) => candidate.id !== page.id);
        if (first) builder.send({ type: 'page.select', pageId: first.id });
      }
    });
  };

  return (
    <>
      <Button fullWidth variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
        Add Page
      </Button>
      <List aria-label="Pages">
        {pages.map((page) => (
          <ListItem
            key={page.id}
            disablePadding
            secondaryAction={
              renaming === page.id ? null : (
                <>
                  <IconButton aria-label={`Rename ${page.name}`} onClick={() => setRenaming(page.id)}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                  {page.isHomePage ? null : (
                    <IconButton aria-label={`Delete ${page.name}`} onClick={() => handleDelete(page)}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  )}
                </>
              )
            }
          >
            {renaming === page.id ? (
              <RenameField
                initial={page.name}
                onDone={(name) => {
                  setRenaming(null);
                  if (name !== null && name.trim() !== '')
                    store.edit(() => renamePage(store.site, page.id, name));
                }}
              />
            ) : (
              <ListItemButton
                selected={page.id === current?.id}
                onClick={() => builder.send({ type: 'page.select', pageId: page.id })}
              >
                <ListItemText primary={page.name} secondary={`/${page.path}`} />
                {page.isHomePage ? <Chip size="small" label="Home" color="primary" sx={{ mr: 6 }} /> : null}
              </ListItemButton>
            )}
          </ListItem>
        ))}
      </List>
      {lastPageRefused && pages.length <= 1 ? (
        <Alert severity="warning" onClose={() => setLastPageRefused(false)}>
          {PAGE_MESSAGES.lastPage}
        </Alert>
      ) : null}
      <AddPageDialog open={adding} onClose={() => setAdding(false)} />
      {confirm.dialog}
    </>
  );
}

/** Enter or leaving the field commits; Escape cancels; empty text is ignored. */
function RenameField({ initial, onDone }: { initial: string; onDone: (name: string | null) => void }) {
  const [value, setValue] = useState(initial);
  let finished = false;
  const finish = (name: string | null) => {
    if (finished) return;
    finished = true;
    onDone(name);
  };
  return (
    <TextField
      autoFocus
      size="small"
      fullWidth
      label="Page name"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => finish(value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') finish(value);
        if (event.key === 'Escape') finish(null);
      }}
      sx={{ my: 1 }}
    />
  );
}
