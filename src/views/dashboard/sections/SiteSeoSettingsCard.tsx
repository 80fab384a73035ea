import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import {
  isCanonicalBaseOrEmpty,
  isSeoUrlOrEmpty,
  SITE_SEO_MAX_LENGTH,
  SITE_SEO_URL_MESSAGES,
  type SiteSeo,
} from '../../../canvas/siteSeo.ts';
import type { SiteSeoSettings } from '../../../contracts/seo.ts';
import { useSaveSiteSeoSettings, useSiteSeoSettings } from '../../../services/builder/seoApi.ts';
import { errorMessage } from '../../../services/http/ApiError.ts';
import { changedFields, nothingChanged } from '../../common/changedFields.ts';
import { useCan } from '../../common/useCan.ts';
import { useKeptDraft } from '../../common/useKeptDraft.ts';
import { useLeaveGuard } from '../../common/useLeaveGuard.ts';

type TextKey = Exclude<keyof SiteSeo, 'noindex'>;
type Errors = Partial<Record<TextKey, string>>;

const LABELS: Record<TextKey, string> = {
  titleSuffix: 'Title suffix',
  description: 'Default meta description',
  canonicalBase: 'Canonical base URL',
  ogImage: 'Default Open Graph image',
};

const HELP: Record<TextKey, string> = {
  titleSuffix: 'Added to the end of every page title, e.g. " | Rosa\'s Bakery".',
  description: 'Used by pages without a description of their own.',
  canonicalBase:
    'e.g. https://www.example.com: pages without their own canonical URL get it plus their path.',
  ogImage: 'The share image of pages without their own: an http(s) address or a path starting with /.',
};

const FIELDS = Object.keys(LABELS) as TextKey[];

/** What the card says when the settings typed in it are back (after a reload or an expired session). */
export const KEPT_SITE_SEO_NOTE =
  'Your changes to the site settings are back as you left them: they are not saved yet. Save site settings to keep them, or Discard changes to throw them away.';

/** The server's checks, before sending: lengths and the URL rule of published SEO addresses. */
function problemsOf(form: SiteSeo): Errors {
  const errors: Errors = {};
  for (const field of FIELDS) {
    const value = field === 'titleSuffix' ? form[field] : form[field].trim();
    const max = SITE_SEO_MAX_LENGTH[field];
    if (value.length > max) errors[field] = `${LABELS[field]} must be at most ${max} characters`;
  }
  if (!errors.canonicalBase && !isCanonicalBaseOrEmpty(form.canonicalBase.trim()))
    errors.canonicalBase = `${LABELS.canonicalBase} ${SITE_SEO_URL_MESSAGES.canonicalBase}`;
  if (!errors.ogImage && !isSeoUrlOrEmpty(form.ogImage.trim()))
    errors.ogImage = `${LABELS.ogImage} ${SITE_SEO_URL_MESSAGES.ogImage}`;
  return errors;
}

/** A refusal of the server on one field ("ogImage must be …") shown on that field; null otherwise. */
function fieldOf(message: string): TextKey | null {
  return FIELDS.find((field) => message.startsWith(`${field} `)) ?? null;
}

/** SEO Tools › Site settings: the defaults every page of the chosen site gets, and a site-wide noindex. */
export function SiteSeoSettingsCard({ websiteId }: { websiteId: string }) {
  const settings = useSiteSeoSettings(websiteId);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="site-seo-heading">
      <Typography variant="h6" component="h3" id="site-seo-heading">
        Site settings
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Defaults for every page of this site; a page's own Page Settings (in the builder) win.
      </Typography>
      {settings.isPending ? <CircularProgress size={24} aria-label="Loading site settings" /> : null}
      {settings.isError ? <Alert severity="error">{settings.error.message}</Alert> : null}
      {settings.data ? <SiteSeoForm key={websiteId} websiteId={websiteId} current={settings.data} /> : null}
    </Paper>
  );
}

/** The settings' fields the form edits. */
const seoOf = (settings: SiteSeoSettings): SiteSeo => ({
  titleSuffix: settings.titleSuffix,
  description: settings.description,
  canonicalBase: settings.canonicalBase,
  ogImage: settings.ogImage,
  noindex: settings.noindex,
});

/** The fields of a kept draft that still have the form's kinds (a draft is read back from storage). */
function keptFields(draft: Partial<SiteSeo>): Partial<SiteSeo> {
  const fields: Partial<SiteSeo> = {};
  for (const field of FIELDS) if (typeof draft[field] === 'string') fields[field] = draft[field];
  if (typeof draft.noindex === 'boolean') fields.noindex = draft.noindex;
  return fields;
}

/** `current`: the site's settings as the server has them now (a save puts its answer there). */
function SiteSeoForm({ websiteId, current }: { websiteId: string; current: SiteSeoSettings }) {
  const save = useSaveSiteSeoSettings(websiteId);
  // A role that may only view reads the settings; nothing it could change would be accepted.
  const canEdit = useCan('websites.edit');
  const [form, setForm] = useState<SiteSeo>(() => seoOf(current));
  // Typed and not saved: leaving the page (another section, another site) asks first, and a reload or an
  // expired session keeps it (useKeptDraft.ts), for this site, until it is saved or discarded.
  const unsaved = canEdit && !nothingChanged(changedFields(form, seoOf(current)));
  useLeaveGuard(unsaved);
  const kept = useKeptDraft(`seo.site.${websiteId}`, {
    values: form,
    changed: unsaved,
    restore: (draft: SiteSeo) => setForm({ ...seoOf(current), ...keptFields(draft) }),
  });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const change = (patch: Partial<SiteSeo>) => {
    setForm((current) => ({ ...current, ...patch }));
    save.reset();
  };

  // Discard changes: back to the saved settings; the kept draft goes with them.
  const handleDiscard = () => {
    setForm(seoOf(current));
    setErrors({});
    setFailure(null);
    save.reset();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canEdit) return;
    const found = problemsOf(form);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    save.mutate(form, {
      onError: (error) => {
        const message = errorMessage(error, 'Could not save the site settings');
        const field = fieldOf(message);
        if (field) setErrors({ [field]: `${LABELS[field]}${message.slice(field.length)}` });
        else setFailure(message);
      },
    });
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit} aria-label="Site settings">
      {kept ? <Alert severity="info">{KEPT_SITE_SEO_NOTE}</Alert> : null}
      {FIELDS.map((field) => (
        <TextField
          key={field}
          label={LABELS[field]}
          value={form[field]}
          onChange={(event) => change({ [field]: event.target.value })}
          error={Boolean(errors[field])}
          helperText={errors[field] ?? HELP[field]}
          size="small"
          fullWidth
          multiline={field === 'description'}
          minRows={field === 'description' ? 2 : undefined}
          slotProps={{ input: { readOnly: !canEdit } }}
        />
      ))}
      <FormControlLabel
        label="Hide the whole site from search engines (noindex)"
        control={
          <Checkbox
            checked={form.noindex}
            disabled={!canEdit}
            onChange={(event) => change({ noindex: event.target.checked })}
          />
        }
      />
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      {save.isSuccess ? (
        <Alert severity="success" role="status">
          Site settings saved.
          {save.data.isPublished ? ' Publish the site again to apply them to its published pages.' : ''}
        </Alert>
      ) : null}
      {canEdit ? (
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save site settings
          </Button>
          {unsaved ? (
            <Button onClick={handleDiscard} disabled={save.isPending}>
              Discard changes
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
