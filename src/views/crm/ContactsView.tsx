import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridColDef, GridColumnVisibilityModel } from '@mui/x-data-grid';
import { useCallback, useMemo, useState } from 'react';
import { appRoute } from '../../contracts/appRoutes.ts';
import type { Contact } from '../../contracts/crm.ts';
import {
  useContact,
  useContactLists,
  useContactsPage,
  useExportContacts,
} from '../../services/crm/crmQueries.ts';
import { errorMessage } from '../../services/http/ApiError.ts';
import { saveBlob } from '../common/saveBlob.ts';
import { useCan } from '../common/useCan.ts';
import { useNavigate, useRoute } from '../common/useRoute.ts';
import { ContactDialog } from './ContactDialog.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { SearchField, ServerPagedTable } from './ServerPagedList.tsx';
import { useCrmForm } from './useCrmForm.ts';
import { useCrmListPlace } from './useCrmListPlace.ts';
import { useOtherEditors } from './useOtherEditors.ts';

// Each column keeps a readable width: where they do not all fit, the table scrolls sideways.
const columns: GridColDef<Contact>[] = [
  {
    field: 'name',
    headerName: 'Name',
    flex: 1,
    minWidth: 140,
    valueGetter: (_, row) => `${row.firstName} ${row.lastName}`.trim(),
  },
  { field: 'email', headerName: 'Email', flex: 1, minWidth: 170 },
  { field: 'phone', headerName: 'Phone', width: 150 },
  { field: 'company', headerName: 'Company', flex: 1, minWidth: 140 },
  { field: 'tags', headerName: 'Tags', width: 150, valueGetter: (value: string[]) => value.join(', ') },
];

/** On a phone the secondary columns start hidden (the column menu's Manage columns shows them again). */
export const PHONE_HIDDEN_COLUMNS: GridColumnVisibilityModel = { phone: false, company: false, tags: false };
const phoneWidth = (theme: Theme) => theme.breakpoints.down('sm');

/** The columns shown: on a phone without the secondary ones; what the owner changes is kept per width. */
function useContactColumns() {
  const phone = useMediaQuery(phoneWidth);
  const [models, setModels] = useState({ phone: PHONE_HIDDEN_COLUMNS, wide: {} });
  const width = phone ? 'phone' : 'wide';
  return {
    columnVisibilityModel: models[width],
    onColumnVisibilityModelChange: (model: GridColumnVisibilityModel) =>
      setModels((current) => ({ ...current, [width]: model })),
  };
}

const LIST_FIELDS = ['name'] as const;

/** Contacts: server-side search and paging, add/edit, lists, CSV import and export. */
export function ContactsView() {
  // An opened contact is a place of its own (/crm/contacts/:id): reload, Back and a shared link reopen it.
  const route = useRoute();
  const navigate = useNavigate();
  const openId = route.name === 'crmContact' ? Number(route.params.contactId) : null;
  // The List filter, the search and the page are in the address (`?list=…&q=…&page=…`, kept while a contact is
  // open): a reload or a link shows the same contacts; choosing a list or a page is a Back step, typing is not.
  const { paging, kept } = useCrmListPlace('contacts');
  const { list, q } = kept;
  const listId: number | '' = list ? Number(list) : '';
  const setListId = (id: number | '') =>
    navigate(appRoute('crm', { section: 'contacts', list: id === '' ? undefined : String(id), q }));
  const page = useContactsPage({ ...paging.query, contactListId: listId === '' ? null : listId });
  const lists = useContactLists().data ?? [];
  const onPage = page.data?.contacts.find((row) => row.id === openId);
  const opened = useContact(openId, onPage);
  const openContact = onPage ?? opened.data ?? null;
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const canEdit = useCan('crm.edit');
  const handleCloseDialog = useCallback(() => {
    setAdding(false);
    if (openId !== null) navigate(appRoute('crm', { section: 'contacts', ...kept }));
  }, [navigate, openId, kept]);
  // Presence: who else has a contact open for editing, shown on its row.
  const editors = useOtherEditors('crm.contact');
  const shownColumns = useContactColumns();
  const columnsWithEditors = useMemo<GridColDef<Contact>[]>(
    () => [
      ...columns,
      {
        field: 'editing',
        headerName: 'Being edited',
        flex: 1,
        minWidth: 130,
        sortable: false,
        valueGetter: (_, row) => editors.get(String(row.id)) ?? '',
      },
    ],
    [editors],
  );

  // A failed export says so under the toolbar (as the store's orders export does); Export CSV tries again.
  const exportCsv = useExportContacts();
  const handleExport = () =>
    exportCsv.mutate(listId === '' ? null : listId, {
      onSuccess: (blob) => saveBlob(blob, 'contacts.csv'),
    });

  const [newList, setNewList] = useState('');
  // The new list is chosen once the server has made it.
  const handleListCreated = useCallback(
    (id: number | null) => {
      setNewList('');
      if (id !== null) navigate(appRoute('crm', { section: 'contacts', list: String(id), q }));
    },
    [navigate, q],
  );
  const createList = useCrmForm(LIST_FIELDS, handleListCreated);
  const handleNewList = () => {
    if (!newList.trim()) return;
    createList.submit({ kind: 'createContactList', input: { name: newList.trim() } });
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
            <Button variant="contained" onClick={() => setAdding(true)}>
              Add contact
            </Button>
            <Button onClick={() => setImporting(true)}>Import CSV</Button>
          </>
        ) : null}
        <Button onClick={handleExport} disabled={exportCsv.isPending}>
          {exportCsv.isPending ? 'Exporting…' : 'Export CSV'}
        </Button>
        {canEdit ? (
          <>
            <TextField
              size="small"
              label="New list name"
              value={newList}
              error={Boolean(createList.fieldError('name') ?? createList.alert)}
              helperText={createList.fieldError('name') ?? createList.alert}
              onChange={(e) => setNewList(e.target.value)}
            />
            <Button onClick={handleNewList} disabled={!newList.trim() || createList.saving}>
              Create list
            </Button>
          </>
        ) : null}
      </Stack>
      {exportCsv.error ? (
        <Alert severity="error">
          {`Could not export the contacts: ${errorMessage(exportCsv.error, 'the server did not answer')}. Try again.`}
        </Alert>
      ) : null}
      <ServerPagedTable<Contact>
        label="Contacts"
        rows={page.data?.contacts ?? []}
        totalCount={page.data?.totalCount ?? 0}
        columns={columnsWithEditors}
        {...shownColumns}
        loading={page.isFetching}
        paging={paging}
        onRowClick={
          canEdit
            ? (params) => navigate(appRoute('crmContact', { contactId: String(params.row.id), ...kept }))
            : undefined
        }
      />
      {opened.isError ? <Alert severity="warning">Contact not found</Alert> : null}
      {canEdit && (adding || openContact) ? (
        <ContactDialog
          key={adding ? 'new' : openContact?.id}
          contact={adding ? null : openContact}
          lists={lists}
          onClose={handleCloseDialog}
        />
      ) : null}
      {importing && canEdit && <ImportDialog lists={lists} onClose={() => setImporting(false)} />}
    </Stack>
  );
}
