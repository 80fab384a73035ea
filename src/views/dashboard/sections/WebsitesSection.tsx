import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { appRoute } from '../../../contracts/appRoutes.ts';
import type { WebsiteSummary } from '../../../services/builder/websiteApi.ts';
import { useDeleteWebsite, useWebsites } from '../../../services/http/queries.ts';
import { useAppActor } from '../../appActorContext.ts';
import { useCan } from '../../common/useCan.ts';
import { useConfirmDelete } from '../../common/useConfirmDelete.tsx';
import { ViewOnlyNote } from '../../common/ViewOnlyNote.tsx';
import type { SectionProps } from '../SectionPlaceholder.tsx';

/** 'Your Websites': Refresh, Use Template, Create From Scratch and one card per site (spec §2). */
export function WebsitesSection({ onNavigate }: SectionProps) {
  const app = useAppActor();
  const websites = useWebsites();
  const canEdit = useCan('websites.edit');
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h2" sx={{ flex: 1 }}>
          Your Websites
        </Typography>
        <Button onClick={() => void websites.refetch()}>Refresh</Button>
        {canEdit ? (
          <>
            <Button variant="outlined" onClick={() => onNavigate?.('templates')}>
              Use Template
            </Button>
            <Button variant="contained" onClick={() => app.send({ type: 'website.create' })}>
              Create From Scratch
            </Button>
            <Button variant="outlined" onClick={() => app.send({ type: 'website.generate' })}>
              Generate Website
            </Button>
          </>
        ) : null}
      </Stack>
      <ViewOnlyNote permission="websites.edit" />
      {websites.isPending ? <CircularProgress aria-label="Loading websites" /> : null}
      {websites.data?.length === 0 ? (
        <Alert
          severity="info"
          // The empty list offers the first step (editors only).
          action={
            canEdit ? (
              <Button color="inherit" size="small" onClick={() => app.send({ type: 'website.create' })}>
                Create your first website
              </Button>
            ) : undefined
          }
        >
          No websites created yet
        </Alert>
      ) : null}
      <Grid container spacing={2}>
        {(websites.data ?? []).map((site) => (
          <Grid key={site.id} size={{ xs: 12, sm: 6, lg: 4 }}>
            <WebsiteCard site={site} canEdit={canEdit} />
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}

function WebsiteCard({ site, canEdit }: { site: WebsiteSummary; canEdit: boolean }) {
  const app = useAppActor();
  const remove = useDeleteWebsite();
  const submissions = site.submissionCount ?? 0;
  const confirm = useConfirmDelete();
  const handleDelete = () =>
    confirm.ask('website', 'Are you sure you want to delete this website?', () =>
      remove.mutateAsync(site.id),
    );
  return (
    <Card component="article" aria-label={site.name}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="h6" component="h3" sx={{ flex: 1 }} noWrap>
            {site.name}
          </Typography>
          <Chip
            size="small"
            color={site.isActive ? 'success' : 'default'}
            label={site.isActive ? 'Active' : 'Inactive'}
          />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Created {new Date(site.createdAt).toLocaleDateString()}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {submissions} form submission{submissions === 1 ? '' : 's'}
        </Typography>
        {site.domain ? <Typography variant="body2">{site.domain}</Typography> : null}
      </CardContent>
      <CardActions>
        <Button
          size="small"
          onClick={() => app.send({ type: 'website.edit', websiteId: site.id, mode: 'preview' })}
        >
          Preview
        </Button>
        {canEdit ? (
          <Button size="small" onClick={() => app.send({ type: 'website.edit', websiteId: site.id })}>
            Edit
          </Button>
        ) : null}
        {submissions > 0 ? (
          <Button
            size="small"
            onClick={() => app.send({ type: 'nav.go', route: appRoute('forms', { site: site.id }) })}
          >
            Forms
          </Button>
        ) : null}
        {canEdit ? (
          <Button size="small" color="error" onClick={handleDelete} disabled={remove.isPending}>
            Delete
          </Button>
        ) : null}
      </CardActions>
      {/* A refused delete says so on the site's own card, until closed or tried again. */}
      {remove.isError ? (
        <Alert severity="error" onClose={() => remove.reset()} sx={{ mx: 1, mb: 1 }}>
          Failed to delete website
        </Alert>
      ) : null}
      {confirm.dialog}
    </Card>
  );
}
