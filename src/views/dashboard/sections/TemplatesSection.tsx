import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CATEGORY_LABELS, TEMPLATES, type TemplateCategory } from '../../../canvas/templates.ts';
import { useAppActor } from '../../appActorContext.ts';
import { useCan } from '../../common/useCan.ts';
import { ViewOnlyNote } from '../../common/ViewOnlyNote.tsx';
import type { SectionProps } from '../SectionPlaceholder.tsx';
import { TemplateThumbnail } from './TemplateThumbnail.tsx';

type Filter = 'all' | TemplateCategory;

/** Spec §2 empty state, word for word. */
export const NO_TEMPLATES = 'No templates found matching your criteria.';

/** The template chooser: search, category filters (All plus the five), cards with Use Template. */
export function TemplatesSection({ title }: SectionProps) {
  const app = useAppActor();
  const canEdit = useCan('websites.edit');
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>('all');
  const needle = search.trim().toLowerCase();
  const shown = TEMPLATES.filter(
    (t) =>
      (filter === 'all' || t.category === filter) &&
      (needle === '' || `${t.name} ${t.description}`.toLowerCase().includes(needle)),
  );
  const filters: Array<[Filter, string]> = [
    ['all', 'All'],
    ...(Object.entries(CATEGORY_LABELS) as Array<[Filter, string]>),
  ];
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h2">
        {title}
      </Typography>
      <TextField
        label="Search templates"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        size="small"
        sx={{ maxWidth: 360 }}
      />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} role="group" aria-label="Categories">
        {filters.map(([value, label]) => (
          <Button
            key={value}
            size="small"
            variant={filter === value ? 'contained' : 'outlined'}
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
          >
            {label}
          </Button>
        ))}
      </Stack>
      <ViewOnlyNote permission="websites.edit" />
      {shown.length === 0 ? (
        <Alert
          severity="info"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                setSearch('');
                setFilter('all');
              }}
            >
              Show all templates
            </Button>
          }
        >
          {NO_TEMPLATES}
        </Alert>
      ) : null}
      <Grid container spacing={2}>
        {shown.map((template) => (
          <Grid key={template.id} size={{ xs: 12, sm: 6, lg: 4 }}>
            <Card component="article" aria-label={template.name}>
              <TemplateThumbnail template={template} />
              <CardContent>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography variant="h6" component="h3" sx={{ flex: 1 }}>
                    {template.name}
                  </Typography>
                  <Chip size="small" label={CATEGORY_LABELS[template.category]} />
                </Stack>
                <Typography variant="body2" color="text.secondary">
                  {template.description}
                </Typography>
              </CardContent>
              {canEdit ? (
                <CardActions>
                  <Button
                    variant="contained"
                    size="small"
                    onClick={() => app.send({ type: 'template.use', templateId: template.id })}
                  >
                    Use Template
                  </Button>
                </CardActions>
              ) : null}
            </Card>
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}
