import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { WebsiteSummary } from '../../services/builder/websiteApi.ts';
import type { ServerPaging } from '../common/useServerPaging.ts';

export type ViewMode = 'list' | 'database';

type ToolbarProps = {
  sites: readonly Pick<WebsiteSummary, 'id'>[];
  labels: Map<string, string>;
  siteId: string | null;
  onSite: (site: string | null) => void;
  mode: ViewMode;
  onMode: (mode: ViewMode) => void;
  paging: ServerPaging;
  /** Export CSV: off while nothing matches or an export is being made. */
  canExport: boolean;
  onExport: () => void;
};

/** The inbox's controls: the search, the website filter, List View / Database View and Export CSV. */
export function SubmissionsToolbar(props: ToolbarProps) {
  const { sites, labels, siteId, paging } = props;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <TextField
        size="small"
        type="search"
        label="Search submissions"
        value={paging.search}
        onChange={(event) => paging.setSearch(event.target.value)}
        sx={{ minWidth: 220, flex: 1 }}
      />
      {sites.length > 0 ? (
        <TextField
          select
          size="small"
          label="Website"
          value={siteId ?? ''}
          onChange={(event) => props.onSite(event.target.value || null)}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All websites</MenuItem>
          {sites.map((site) => (
            <MenuItem key={site.id} value={site.id}>
              {labels.get(site.id)}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <ToggleButtonGroup
        size="small"
        exclusive
        value={props.mode}
        onChange={(_, value: ViewMode | null) => value && props.onMode(value)}
      >
        <ToggleButton value="list">List View</ToggleButton>
        <ToggleButton value="database">Database View</ToggleButton>
      </ToggleButtonGroup>
      <Button variant="contained" disabled={!props.canExport} onClick={props.onExport}>
        Export CSV
      </Button>
    </Stack>
  );
}

/** The inbox's pages: which rows of how many show, and the previous and next page (each a Back step). */
export function SubmissionsPager({ paging, total }: { paging: ServerPaging; total: number }) {
  const { page, pageSize } = paging.paging;
  // A page past the last one (an old link) shows as the last while the address is put right.
  const last = Math.max(0, Math.ceil(total / pageSize) - 1);
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(page, last)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[]}
      onPageChange={(_, next) => paging.setPaging({ page: next, pageSize })}
    />
  );
}
