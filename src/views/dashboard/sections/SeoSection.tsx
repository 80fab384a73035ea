import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type SeoFinding, type SeoSeverity, SITE_SETTINGS_CODES } from '../../../canvas/seoAudit.ts';
import { appRoute } from '../../../contracts/appRoutes.ts';
import type { PageSeo, SeoAudit } from '../../../contracts/seo.ts';
import { useSeoAudit } from '../../../services/builder/seoApi.ts';
import { useWebsites } from '../../../services/http/queries.ts';
import { useAppActor } from '../../appActorContext.ts';
import { useNavigate, useRoute } from '../../common/useRoute.ts';
import { ViewOnlyNote } from '../../common/ViewOnlyNote.tsx';
import type { SectionProps } from '../SectionPlaceholder.tsx';
import { SiteSeoSettingsCard } from './SiteSeoSettingsCard.tsx';

const SEVERITY_COLOR: Record<SeoSeverity, 'error' | 'warning' | 'info'> = {
  error: 'error',
  warning: 'warning',
  info: 'info',
};
// One column no wider than the page: a grid item's content (the pages table) would otherwise widen it past a
// phone's screen, where the table scrolls inside its card instead.
const COLUMN = { display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' } as const;
const SEVERITY_ORDER: Record<SeoSeverity, number> = { error: 0, warning: 1, info: 2 };

/** SEO Tools: each page's settings and the server's audit of a site, with a way to the element to fix. */
export function SeoSection({ title, onNavigate }: SectionProps) {
  const websites = useWebsites();
  const route = useRoute();
  const navigate = useNavigate();
  // The chosen site is in the address (/seo?site=…): a reload or Back shows the same site. One no longer in
  // the list (deleted, another account's) falls back to the first.
  const asked = route.name === 'seo' ? (route.params.site ?? null) : null;
  const sites = websites.data ?? [];
  const websiteId = sites.find((site) => site.id === asked)?.id ?? sites[0]?.id ?? null;
  const audit = useSeoAudit(websiteId);

  return (
    <Box>
      <Typography variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      <ViewOnlyNote permission="websites.edit" />
      {websites.data && websites.data.length === 0 ? (
        <Alert
          severity="info"
          action={
            onNavigate ? (
              <Button color="inherit" size="small" onClick={() => onNavigate('websites')}>
                Go to Your Websites
              </Button>
            ) : undefined
          }
        >
          No websites created yet
        </Alert>
      ) : null}
      {websites.data && websites.data.length > 0 ? (
        <TextField
          select
          size="small"
          label="Website"
          value={websiteId ?? ''}
          onChange={(event) => navigate(appRoute('seo', { site: event.target.value }), { replace: true })}
          sx={{ minWidth: 260, mb: 2 }}
        >
          {websites.data.map((site) => (
            <MenuItem key={site.id} value={site.id}>
              {site.name}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
      <Box sx={COLUMN}>
        {websiteId ? <SiteSeoSettingsCard key={websiteId} websiteId={websiteId} /> : null}
        {audit.isPending && websiteId ? <CircularProgress aria-label="Auditing" /> : null}
        {audit.isError ? <Alert severity="error">{audit.error.message}</Alert> : null}
        {audit.data ? <AuditReport audit={audit.data} /> : null}
      </Box>
    </Box>
  );
}

function describeDescription(page: PageSeo): string {
  if (page.description.trim()) return `${page.description.trim().length} characters`;
  return page.effectiveDescription ? 'Site default' : '—';
}

function AuditReport({ audit }: { audit: SeoAudit }) {
  const app = useAppActor();
  const findings = [...audit.findings].sort(
    (a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity],
  );
  const count = (severity: SeoSeverity) => findings.filter((f) => f.severity === severity).length;
  const open = (finding: SeoFinding) =>
    app.send({
      type: 'website.edit',
      websiteId: String(audit.websiteId),
      focus: { pageId: finding.pageId, elementId: finding.elementId },
    });

  return (
    <Box sx={COLUMN}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h3">
          Audit
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          From the last save ({new Date(audit.updatedAt).toLocaleString()}): {count('error')} errors,{' '}
          {count('warning')} warnings.
        </Typography>
        <List dense aria-label="SEO findings">
          {findings.map((finding, index) => (
            <ListItem
              key={`${finding.code}-${finding.pageId}-${finding.elementId ?? index}`}
              // On a phone the chip, the text and the button stack: beside each other the text had ~70 px.
              sx={(theme) => ({
                [theme.breakpoints.down('sm')]: { flexDirection: 'column', alignItems: 'flex-start', pr: 2 },
              })}
              slotProps={{
                secondaryAction: {
                  sx: (theme) => ({
                    [theme.breakpoints.down('sm')]: { position: 'static', transform: 'none' },
                  }),
                },
              }}
              secondaryAction={
                // Site settings are fixed in the card above, not in the builder.
                SITE_SETTINGS_CODES.has(finding.code) ? undefined : (
                  <Button size="small" onClick={() => open(finding)}>
                    Open in builder
                  </Button>
                )
              }
            >
              <Chip
                size="small"
                label={finding.severity}
                color={SEVERITY_COLOR[finding.severity]}
                sx={{ mr: 1, mb: { xs: 0.5, sm: 0 }, minWidth: 72 }}
              />
              <ListItemText
                primary={finding.message}
                secondary={`${finding.pageName} (/${finding.pagePath})`}
                // A long address (the sitemap's) wraps instead of running out of the card.
                sx={{ pr: { xs: 0, sm: 14 }, overflowWrap: 'anywhere' }}
              />
            </ListItem>
          ))}
        </List>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h3">
          Pages
        </Typography>
        {/* On a phone the table scrolls inside its card; the heading and the note below stay in place. */}
        <TableContainer>
          <Table size="small" aria-label="Page SEO settings" sx={{ minWidth: 640 }}>
            <TableHead>
              <TableRow>
                <TableCell>Page</TableCell>
                <TableCell>Title</TableCell>
                <TableCell>Description</TableCell>
                <TableCell>Canonical URL</TableCell>
                <TableCell>Open Graph image</TableCell>
                <TableCell>Search engines</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {audit.pages.map((page) => (
                <TableRow key={page.id}>
                  <TableCell>
                    {page.name} <Typography variant="caption">/{page.isHomePage ? '' : page.path}</Typography>
                  </TableCell>
                  <TableCell>{page.effectiveTitle}</TableCell>
                  <TableCell>{describeDescription(page)}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{page.effectiveCanonicalUrl || '—'}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{page.effectiveOgImage || '—'}</TableCell>
                  <TableCell>{page.effectiveNoindex ? 'Hidden (noindex)' : 'Indexed'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <Typography variant="caption" color="text.secondary">
          What each page tells search engines once the site is published with these settings, the site
          settings filling what a page leaves empty (a change is live after the next publish). Edit a page's
          own in the builder: Layers › Page Settings.
        </Typography>
      </Paper>
    </Box>
  );
}
