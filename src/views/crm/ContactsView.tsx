import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Contact } from '../../contracts/crm.ts';
import { createContactList, exportContacts } from '../../services/crmApi.ts';
import { crmKeys, useContactLists, useContactsPage } from '../../services/crmQueries.ts';
import { useHttp } from '../../services/httpContext.ts';
import { useCan } from '../common/useCan.ts';
import { ContactDialog } from './ContactDialog.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { SearchField, ServerPagedTable, useServerPaging } from './ServerPagedList.tsx';

const columns: GridColDef<Contact>[] = [
  {
    field: 'name',
    headerName: 'Name',
    flex: 1,
    valueGetter: (_, row) => `${row.firstName} ${row.lastName}`.trim(),
  },
  { field: 'email', headerName: 'Email', flex: 1 },
  { field: 'phone', headerName: 'Phone', width: 150 },
  { field: 'company', headerName: 'Company', flex: 1 },
  { field: 'tags', headerName: 'Tags', width: 150, valueGetter: (value: string[]) => value.join(', ') },
];

/** Contacts: server-side search and paging, add/edit, lists, CSV import and export. */
export function ContactsView() {
  const http = useHttp();
  const queryClient = useQueryClient();
  const [listId, setListId] = useState<number | ''>('');
  const paging = useServerPaging();
  const page = useContactsPage({ ...paging.query, contactListId: listId === '' ? null : listId });
  const lists = useContactLists().data ?? [];
  const [editing, setEditing] = useState<Contact | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const canEdit = useCan('crm.edit');
  const handleCloseDialog = useCallback(() => setEditing(null), []);

  const handleExport = async () => {
    const blob = await exportContacts(http, listId === '' ? null : listId);
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = 'contacts.csv';
    link.click();
    URL.revokeObjectURL(url);
  };

  const [newList, setNewList] = useState('');
  const handleNewList = async () => {
    if (!newList.trim()) return;
    const list = await createContactList(http, { name: newList.trim() });
    setNewList('');
    await queryClient.invalidateQueries({ queryKey: crmKeys.contactLists });
    setListId(list.id);
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <SearchField label="Search contacts" paging={paging} />
        <TextField
          select
          size="small"
          label="List"
          value={listId}
          sx={{ minWidth: 160 }}
          onChange={(e) => setListId(e.target.value === '' ? '' : Number(e.target.value))}
        >
          <MenuItem value="">All contacts</MenuItem>
          {lists.map((list) => (
            <MenuItem key={list.id} value={list.id}>
              {list.name} ({list.contactCount})
            </MenuItem>
          ))}
        </TextField>
        {canEdit ? (
          <>
            <Button variant="contained" onClick={() => setEditing('new')}>
              Add contact
            </Button>
            <Button onClick={() => setImporting(true)}>Import CSV</Button>
          </>
        ) : null}
        <Button onClick={() => void handleExport()}>Export CSV</Button>
        {canEdit ? (
          <>
            <TextField
              size="small"
              label="New list name"
              value={newList}
              onChange={(e) => setNewList(e.target.value)}
            />
            <Button onClick={() => void handleNewList()} disabled={!newList.trim()}>
              Create list
            </Button>
          </>
        ) : null}
      </Stack>
      <ServerPagedTable<Contact>
        label="Contacts"
        rows={page.data?.contacts ?? []}
        totalCount={page.data?.totalCount ?? 0}
        columns={columns}
        loading={page.isFetching}
        paging={paging}
        onRowClick={canEdit ? (params) => setEditing(params.row) : undefined}
      />
      {editing && canEdit && (
        <ContactDialog
          contact={editing === 'new' ? null : editing}
          lists={lists}
          onClose={handleCloseDialog}
        />
      )}
      {importing && canEdit && <ImportDialog lists={lists} onClose={() => setImporting(false)} />}
    </Stack>
  );
}
