import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { toCsv } from '../../contracts/csv.ts';
import { useAllContacts, useCrmList } from '../../services/crm/crmQueries.ts';
import { DataTable } from '../common/DataTable.tsx';

type Entity = 'leads' | 'deals' | 'activities' | 'contacts';
type Row = Record<string, unknown> & { id: number };

const FIELDS: Record<Entity, string[]> = {
  leads: ['name', 'email', 'company', 'status', 'source', 'value', 'pagePath', 'createdAt'],
  deals: ['title', 'value', 'stage', 'pipelineId', 'expectedCloseDate', 'createdAt'],
  activities: ['type', 'subject', 'completed', 'dueDate', 'createdAt'],
  contacts: ['firstName', 'lastName', 'email', 'phone', 'company', 'tags', 'createdAt'],
};

const text = (value: unknown) => (Array.isArray(value) ? value.join(', ') : String(value ?? ''));

/**
 * Custom Reports: pick an entity, its fields, a filter and a group-by → table, chart and CSV export, over
 * every record of the entity.
 */
export function CustomReportsView() {
  const leads = useCrmList('leads');
  const deals = useCrmList('deals');
  const activities = useCrmList('activities');
  const [entity, setEntity] = useState<Entity>('leads');
  // Reports on contacts cover every contact: they are paged through, 100 a request, only when asked for.
  const allContacts = useAllContacts(entity === 'contacts');
  const contacts = allContacts.data ?? [];
  const [fields, setFields] = useState<string[]>(FIELDS.leads.slice(0, 4));
  const [filterField, setFilterField] = useState('');
  const [filterText, setFilterText] = useState('');
  const [groupBy, setGroupBy] = useState('');

  const source = { leads, deals, activities, contacts }[entity] as unknown as Row[];
  const rows = useMemo(() => {
    const needle = filterText.trim().toLowerCase();
    return filterField && needle
      ? source.filter((r) => text(r[filterField]).toLowerCase().includes(needle))
      : source;
  }, [source, filterField, filterText]);
  const groups = useMemo(() => {
    if (!groupBy) return [];
    const counts = new Map<string, number>();
    for (const r of rows)
      counts.set(text(r[groupBy]) || '(empty)', (counts.get(text(r[groupBy]) || '(empty)') ?? 0) + 1);
    return [...counts].map(([group, count]) => ({ group, count }));
  }, [rows, groupBy]);

  const handleEntity = (next: Entity) => {
    setEntity(next);
    setFields(FIELDS[next].slice(0, 4));
    setFilterField('');
    setGroupBy('');
  };
  const handleExport = () => {
    const csv = groupBy
      ? toCsv([[groupBy, 'count'], ...groups.map((g) => [g.group, g.count])])
      : toCsv([fields, ...rows.map((r) => fields.map((f) => text(r[f])))]);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
    link.download = `${entity}-report.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  };

  const columns: GridColDef<Row>[] = fields.map((f) => ({
    field: f,
    headerName: f,
    flex: 1,
    valueGetter: (_, row) => text(row[f]),
  }));
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label="Entity"
          value={entity}
          onChange={(e) => handleEntity(e.target.value as Entity)}
        >
          {Object.keys(FIELDS).map((e) => (
            <MenuItem key={e} value={e}>
              {e}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Filter field"
          value={filterField}
          sx={{ minWidth: 140 }}
          onChange={(e) => setFilterField(e.target.value)}
        >
          <MenuItem value="">No filter</MenuItem>
          {FIELDS[entity].map((f) => (
            <MenuItem key={f} value={f}>
              {f}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="contains"
          value={filterText}
          onChange={(e) => setFilterText(e.target.value)}
        />
        <TextField
          select
          size="small"
          label="Group by"
          value={groupBy}
          sx={{ minWidth: 140 }}
          onChange={(e) => setGroupBy(e.target.value)}
        >
          <MenuItem value="">No grouping</MenuItem>
          {FIELDS[entity].map((f) => (
            <MenuItem key={f} value={f}>
              {f}
            </MenuItem>
          ))}
        </TextField>
        <Button onClick={handleExport}>Export CSV</Button>
      </Stack>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap' }}>
        {FIELDS[entity].map((f) => (
          <FormControlLabel
            key={f}
            label={f}
            control={
              <Checkbox
                checked={fields.includes(f)}
                onChange={(e) =>
                  setFields(
                    e.target.checked
                      ? FIELDS[entity].filter((x) => x === f || fields.includes(x))
                      : fields.filter((x) => x !== f),
                  )
                }
              />
            }
          />
        ))}
      </Stack>
      {entity === 'contacts' && allContacts.isFetching ? (
        <Typography role="status" color="text.secondary">
          Loading contacts…{' '}
          {allContacts.progress ? `${allContacts.progress.loaded} of ${allContacts.progress.total}` : ''}
        </Typography>
      ) : null}
      {entity === 'contacts' && allContacts.isError ? (
        <Typography color="error">Failed to refresh contacts</Typography>
      ) : null}
      {groupBy ? (
        <>
          <BarChart
            height={240}
            xAxis={[{ scaleType: 'band', data: groups.map((g) => g.group) }]}
            series={[{ data: groups.map((g) => g.count), label: 'Count' }]}
          />
          <DataTable
            label="Report groups"
            emptyLabel="No records found"
            getRowId={(r) => r.group}
            rows={groups}
            columns={[
              { field: 'group', headerName: groupBy, flex: 1 },
              { field: 'count', headerName: 'Count', width: 120 },
            ]}
          />
        </>
      ) : (
        <DataTable<Row> label="Report" emptyLabel="No records found" rows={rows} columns={columns} />
      )}
    </Stack>
  );
}
