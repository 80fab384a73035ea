import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { GridColDef } from '@mui/x-data-grid';
import { useEffect, useMemo, useRef, useState } from 'react';
import { appRoute } from '../../contracts/appRoutes.ts';
import { fieldLabel } from '../../contracts/crmFieldLabels.ts';
import { toCsv } from '../../contracts/csv.ts';
import { useAllContacts, useCrmList, usePipelines } from '../../services/crm/crmQueries.ts';
import { DataTable } from '../common/DataTable.tsx';
import { useNavigate, useRoute } from '../common/useRoute.ts';

type Entity = 'leads' | 'deals' | 'activities' | 'contacts';
type Row = Record<string, unknown> & { id: number };

const FIELDS: Record<Entity, string[]> = {
  leads: ['name', 'email', 'company', 'status', 'source', 'value', 'pagePath', 'createdAt'],
  deals: ['title', 'value', 'stage', 'pipelineId', 'expectedCloseDate', 'createdAt'],
  activities: ['type', 'subject', 'completed', 'dueDate', 'createdAt'],
  contacts: ['firstName', 'lastName', 'email', 'phone', 'company', 'tags', 'createdAt'],
};

const text = (value: unknown) => (Array.isArray(value) ? value.join(', ') : String(value ?? ''));

/** A report's settings; the filter's text is apart, as the address keeps it in `q`. */
type ReportSettings = { entity: Entity; fields: string[]; filterField: string; groupBy: string };

const defaultReport = (entity: Entity): ReportSettings => ({
  entity,
  fields: FIELDS[entity].slice(0, 4),
  filterField: '',
  groupBy: '',
});

/**
 * The settings as the address writes them, `report=<entity>.<field>-<field>.<filter field>.<group by>` (characters
 * an address shows as they are: `/crm/custom-reports?report=deals.title-value-stage..stage&q=won`); the default
 * report is left out.
 */
export function reportParam(report: ReportSettings): string | undefined {
  const text = reportText(report);
  return text === reportText(defaultReport('leads')) ? undefined : text;
}
const reportText = ({ entity, fields, filterField, groupBy }: ReportSettings) =>
  `${entity}.${fields.join('-')}.${filterField}.${groupBy}`;

/** The settings an address names; what it names wrongly (an unknown entity or field) is the default. */
export function readReportParam(raw: string | undefined): ReportSettings {
  const [name = '', list = '', filterField = '', groupBy = ''] = (raw ?? '').split('.');
  if (!Object.hasOwn(FIELDS, name)) return defaultReport('leads');
  const entity = name as Entity;
  const known = (field: string) => FIELDS[entity].includes(field);
  return {
    entity,
    fields: FIELDS[entity].filter((field) => list.split('-').includes(field)),
    filterField: known(filterField) ? filterField : '',
    groupBy: known(groupBy) ? groupBy : '',
  };
}

/**
 * The report's place in the address: its settings in `report` and the filter's text in `q`, so a reload, Back
 * or a shared link shows the same report. A change replaces the address (no Back step per checkbox or letter).
 */
function useReportPlace() {
  const route = useRoute();
  const navigate = useNavigate();
  const params = route.name === 'crm' ? route.params : {};
  const settings = useMemo(() => readReportParam(params.report), [params.report]);
  const inAddress = params.q ?? '';
  // What is typed shows at once and the address follows; a text the address gets elsewhere (Back) shows too.
  const [filterText, setTyped] = useState(inAddress);
  const agreed = useRef(inAddress);
  useEffect(() => {
    if (inAddress === agreed.current) return;
    agreed.current = inAddress;
    setTyped(inAddress);
  }, [inAddress]);
  const write = (next: ReportSettings, q: string) => {
    agreed.current = q;
    navigate(appRoute('crm', { section: 'custom-reports', report: reportParam(next), q: q || undefined }), {
      replace: true,
    });
  };
  return {
    ...settings,
    filterText,
    change: (changes: Partial<ReportSettings>) => write({ ...settings, ...changes }, filterText),
    setFilterText: (q: string) => {
      setTyped(q);
      write(settings, q);
    },
  };
}

/**
 * Custom Reports: pick an entity, its fields, a filter and a group-by → table, chart and CSV export, over
 * every record of the entity.
 */
export function CustomReportsView() {
  const leads = useCrmList('leads');
  const deals = useCrmList('deals');
  const activities = useCrmList('activities');
  const place = useReportPlace();
  const { entity, fields, filterField, filterText, groupBy } = place;
  // Reports on contacts cover every contact: they are paged through, 100 a request, only when asked for.
  const allContacts = useAllContacts(entity === 'contacts');
  const contacts = allContacts.data ?? [];

  // A deal's pipeline by its name, as the owner knows it (its id until the pipelines are read).
  const pipelines = usePipelines().data;
  const namedDeals = useMemo(() => {
    const names = new Map((pipelines ?? []).map((p) => [p.id, p.name]));
    return deals.map((deal) => ({ ...deal, pipelineId: names.get(deal.pipelineId) ?? deal.pipelineId }));
  }, [deals, pipelines]);
  const source = { leads, deals: namedDeals, activities, contacts }[entity] as unknown as Row[];
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

  const handleEntity = (next: Entity) => place.change(defaultReport(next));
  const handleExport = () => {
    const csv = groupBy
      ? toCsv([[fieldLabel(groupBy), 'Count'], ...groups.map((g) => [g.group, g.count])])
      : toCsv([fields.map(fieldLabel), ...rows.map((r) => fields.map((f) => text(r[f])))]);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
    link.download = `${entity}-report.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  };

  const columns: GridColDef<Row>[] = fields.map((f) => ({
    field: f,
    headerName: fieldLabel(f),
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
          onChange={(e) => place.change({ filterField: e.target.value })}
        >
          <MenuItem value="">No filter</MenuItem>
          {FIELDS[entity].map((f) => (
            <MenuItem key={f} value={f}>
              {fieldLabel(f)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="contains"
          value={filterText}
          onChange={(e) => place.setFilterText(e.target.value)}
        />
        <TextField
          select
          size="small"
          label="Group by"
          value={groupBy}
          sx={{ minWidth: 140 }}
          onChange={(e) => place.change({ groupBy: e.target.value })}
        >
          <MenuItem value="">No grouping</MenuItem>
          {FIELDS[entity].map((f) => (
            <MenuItem key={f} value={f}>
              {fieldLabel(f)}
            </MenuItem>
          ))}
        </TextField>
        <Button onClick={handleExport}>Export CSV</Button>
      </Stack>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap' }}>
        {FIELDS[entity].map((f) => (
          <FormControlLabel
            key={f}
            label={fieldLabel(f)}
            control={
              <Checkbox
                checked={fields.includes(f)}
                onChange={(e) =>
                  place.change({
                    fields: e.target.checked
                      ? FIELDS[entity].filter((x) => x === f || fields.includes(x))
                      : fields.filter((x) => x !== f),
                  })
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
              { field: 'group', headerName: fieldLabel(groupBy), flex: 1 },
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
