import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { useSelector } from '@xstate/react';
import { type FormEvent, useMemo, useState } from 'react';
import { selectLeads } from '../../machines/crmMachine.ts';
import { LEAD_STATUSES, type Lead, type LeadStatus } from '../../services/crmTypes.ts';
import { DataTable } from '../common/DataTable.tsx';
import { useCrmActor } from './crmActorContext.ts';
import { formatMoney } from './crmFormat.ts';

const EMPTY = { name: '', email: '', company: '', source: '', value: '' };

/** Leads: add, change status, convert into a contact and a deal, delete; searchable. */
export function LeadsView() {
  const crm = useCrmActor();
  const leads = useSelector(crm, selectLeads);
  const [form, setForm] = useState(EMPTY);
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return q
      ? leads.filter((l) => [l.name, l.email, l.company, l.source].some((v) => v.toLowerCase().includes(q)))
      : leads;
  }, [leads, search]);

  const columns: GridColDef<Lead>[] = [
    { field: 'name', headerName: 'Name', flex: 1 },
    { field: 'email', headerName: 'Email', flex: 1 },
    { field: 'company', headerName: 'Company', flex: 1 },
    { field: 'source', headerName: 'Source', width: 130 },
    { field: 'value', headerName: 'Value', width: 110, valueFormatter: (v: number) => formatMoney(v) },
    {
      field: 'status',
      headerName: 'Status',
      width: 150,
      renderCell: ({ row }) => (
        <Select
          size="small"
          variant="standard"
          value={row.status}
          inputProps={{ 'aria-label': `Status of ${row.name}` }}
          onChange={(e) =>
            crm.send({
              type: 'crm.write',
              write: { kind: 'updateLead', id: row.id, input: { status: e.target.value as LeadStatus } },
            })
          }
        >
          {LEAD_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </Select>
      ),
    },
    {
      field: 'actions',
      headerName: '',
      width: 190,
      sortable: false,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            disabled={row.status === 'converted'}
            onClick={() => crm.send({ type: 'crm.write', write: { kind: 'convertLead', id: row.id } })}
          >
            Convert
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => crm.send({ type: 'crm.write', write: { kind: 'deleteLead', id: row.id } })}
          >
            Delete
          </Button>
        </Stack>
      ),
    },
  ];

  const handleAdd = (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim()) return;
    crm.send({
      type: 'crm.write',
      write: { kind: 'addLead', input: { ...form, name: form.name.trim(), value: Number(form.value) || 0 } },
    });
    setForm(EMPTY);
  };

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        spacing={1}
        component="form"
        onSubmit={handleAdd}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
      >
        {(['name', 'email', 'company', 'source', 'value'] as const).map((name) => (
          <TextField
            key={name}
            size="small"
            label={`Lead ${name}`}
            type={name === 'value' ? 'number' : 'text'}
            value={form[name]}
            onChange={(e) => setForm({ ...form, [name]: e.target.value })}
          />
        ))}
        <Button type="submit" variant="contained" disabled={!form.name.trim()}>
          Add lead
        </Button>
      </Stack>
      <TextField
        size="small"
        label="Search leads"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        sx={{ maxWidth: 300 }}
      />
      <DataTable<Lead> label="Leads" emptyLabel="No records found" rows={shown} columns={columns} />
    </Stack>
  );
}
