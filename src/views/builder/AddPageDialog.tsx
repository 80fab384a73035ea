import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useState } from 'react';
import { addPage } from '../../canvas/ops/pageOps.ts';
import { normalizePath, PAGE_MESSAGES } from '../../canvas/ops/pagePaths.ts';
import { newId } from '../../canvas/siteDoc.ts';
import { PAGE_TEMPLATES, showsStore, withStore } from '../../canvas/templates.ts';
import { unsavedHint } from '../../contracts/unsavedHint.ts';
import { useFirstStore } from '../../services/store/storeQueries.ts';
import { useKeepTypedInput } from '../common/keepTypedInput.ts';
import { useBuilder, usePages } from './builderContext.ts';

const UNSAVED_PAGE_HINT = unsavedHint('page', 'Create', 'Cancel');

/** Name, path (normalised as typed) and template choice: Blank plus the first three templates. */
export function AddPageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { builder, store } = useBuilder();
  const pages = usePages();
  const firstStore = useFirstStore();
  const [name, setName] = useState('');
  const [path, setPath] = useState('');
  const [template, setTemplate] = useState('blank');
  const chosen = PAGE_TEMPLATES.find((t) => t.id === template);
  const [touched, setTouched] = useState({ name: false, path: false });

  const nameError = touched.name && name.trim() === '' ? PAGE_MESSAGES.emptyName : null;
  const pathError =
    touched.path && path === ''
      ? PAGE_MESSAGES.emptyPath
      : pages.some((page) => page.path === path)
        ? PAGE_MESSAGES.pathInUse
        : null;
  const disabled = Boolean(nameError || pathError) || name.trim() === '' || path === '';

  const reset = () => {
    setName('');
    setPath('');
    setTemplate('blank');
    setTouched({ name: false, path: false });
  };
  // Escape or a click beside keeps what was typed; Cancel throws it away (the dialog then opens empty).
  const keep = useKeepTypedInput(
    open && (name !== '' || path !== '' || template !== 'blank'),
    () => {
      reset();
      onClose();
    },
    UNSAVED_PAGE_HINT,
  );
  const handleCreate = () => {
    if (disabled) return;
    const id = newId('page');
    // A template's store elements show the account's first store, as a new store element does.
    const elements = withStore(chosen?.elements ?? [], firstStore?.storeId ?? null);
    store.edit(() => {
      addPage(store.site, { id, name: name.trim(), path, elements });
    });
    // A new page becomes the current page.
    builder.send({ type: 'page.select', pageId: id });
    reset();
    onClose();
  };
  // Enter in the name or path field creates the page, as Create does (nothing while the input is not valid).
  const handleEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    handleCreate();
  };

  return (
    <Dialog open={open} onClose={keep.onClose} fullWidth maxWidth="sm">
      <DialogTitle>Add Page</DialogTitle>
      <DialogContent>
        {keep.hint ? (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {keep.hint}
          </Alert>
        ) : null}
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label="Page Name"
          value={name}
          error={Boolean(nameError)}
          helperText={nameError ?? ' '}
          onKeyDown={handleEnter}
          onChange={(event) => {
            setName(event.target.value);
            setTouched((t) => ({ ...t, name: true }));
            if (!touched.path) setPath(normalizePath(event.target.value));
          }}
        />
        <TextField
          fullWidth
          margin="dense"
          label="Page Path"
          value={path}
          error={Boolean(pathError)}
          helperText={pathError ?? `/${path || 'new-page'}`}
          onKeyDown={handleEnter}
          onChange={(event) => {
            setPath(normalizePath(event.target.value));
            setTouched((t) => ({ ...t, path: true }));
          }}
        />
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          Template
        </Typography>
        <RadioGroup value={template} onChange={(event) => setTemplate(event.target.value)}>
          <FormControlLabel value="blank" control={<Radio />} label="Blank" />
          {PAGE_TEMPLATES.map((t) => (
            <FormControlLabel key={t.id} value={t.id} control={<Radio />} label={t.name} />
          ))}
        </RadioGroup>
        {chosen && showsStore(chosen.elements) && firstStore !== undefined ? (
          <Typography variant="body2" color="text.secondary" role="status">
            {firstStore
              ? `Its products and cart are those of ${firstStore.storeName}.`
              : 'Its products and cart stay empty until you create a store in Online Store.'}
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={keep.cancel}>Cancel</Button>
        <Button variant="contained" disabled={disabled} onClick={handleCreate}>
          Create
        </Button>
      </DialogActions>
    </Dialog>
  );
}
