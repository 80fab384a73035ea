import DeleteIcon from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { SUB_MENU_WIDTH } from '../../canvas/elements/constants.ts';
import { navItemsOf } from '../../canvas/elements/navbar/navbarElement.tsx';
import type { NavItem } from '../../canvas/ops/pageOps.ts';
import { unsavedHint } from '../../contracts/unsavedHint.ts';
import { useKeepTypedInput } from '../common/keepTypedInput.ts';

const UNSAVED_NAVIGATION_HINT = unsavedHint('navigation', 'Save Changes', 'Cancel');

const newItem = (): NavItem => ({
  id: `nav-${crypto.randomUUID().slice(0, 8)}`,
  label: 'New Link',
  url: '#',
});

/** Edit Navigation (Cancel / Save Changes), maximum width 600px; one level of sub menu items, each removable. */
export function NavigationDialog(props: {
  open: boolean;
  value: unknown;
  onClose: () => void;
  onSave: (items: NavItem[]) => void;
}) {
  const { open, value, onClose, onSave } = props;
  const [items, setItems] = useState<NavItem[]>([]);
  useEffect(() => {
    if (open) setItems(navItemsOf(value));
  }, [open, value]);
  // Escape or a click beside keeps edited links (the dialog opens with the navbar's links each time).
  const keep = useKeepTypedInput(
    open && JSON.stringify(items) !== JSON.stringify(navItemsOf(value)),
    onClose,
    UNSAVED_NAVIGATION_HINT,
  );
  const update = (index: number, patch: Partial<NavItem>) =>
    setItems(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  return (
    <Dialog open={open} onClose={keep.onClose} fullWidth slotProps={{ paper: { sx: { maxWidth: '600px' } } }}>
      <DialogTitle>Edit Navigation</DialogTitle>
      <DialogContent>
        {keep.hint ? (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {keep.hint}
          </Alert>
        ) : null}
        {items.map((item, index) => (
          <Box key={item.id} sx={{ my: 1 }}>
            <Box sx={{ display: 'flex', gap: 1 }}>
              <TextField
                size="small"
                label="Label"
                value={item.label}
                onChange={(e) => update(index, { label: e.target.value })}
              />
              <TextField
                size="small"
                label="URL"
                value={item.url}
                onChange={(e) => update(index, { url: e.target.value })}
              />
              <IconButton
                aria-label={`Remove ${item.label}`}
                onClick={() => setItems(items.filter((_, i) => i !== index))}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
            {(item.children ?? []).map((child, childIndex) => (
              <Box key={child.id} sx={{ display: 'flex', gap: 1, ml: 4, mt: 1 }}>
                <TextField
                  size="small"
                  label="Sub item"
                  value={child.label}
                  onChange={(e) =>
                    update(index, {
                      children: (item.children ?? []).map((c, i) =>
                        i === childIndex ? { ...c, label: e.target.value } : c,
                      ),
                    })
                  }
                />
                <TextField
                  size="small"
                  label="URL"
                  value={child.url}
                  onChange={(e) =>
                    update(index, {
                      children: (item.children ?? []).map((c, i) =>
                        i === childIndex ? { ...c, url: e.target.value } : c,
                      ),
                    })
                  }
                />
                <IconButton
                  aria-label={`Remove ${child.label}`}
                  onClick={() =>
                    update(index, { children: (item.children ?? []).filter((_, i) => i !== childIndex) })
                  }
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Box>
            ))}
            <Button
              size="small"
              sx={{ ml: 4 }}
              onClick={() =>
                update(index, {
                  children: [...(item.children ?? []), newItem()],
                  subMenuWidth: item.subMenuWidth ?? SUB_MENU_WIDTH,
                })
              }
            >
              Add Sub Item
            </Button>
          </Box>
        ))}
        <Button onClick={() => setItems([...items, newItem()])}>Add Link</Button>
      </DialogContent>
      <DialogActions>
        <Button onClick={keep.cancel}>Cancel</Button>
        <Button variant="contained" onClick={() => onSave(items)}>
          Save Changes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
