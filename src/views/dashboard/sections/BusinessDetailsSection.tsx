import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { appRoute } from '../../../contracts/appRoutes.ts';
import type { BusinessDetailsInput, BusinessProfile } from '../../../contracts/business.ts';
import { BUSINESS_LIMITS, isSocialLink, parseSocialLinks } from '../../../contracts/business.ts';
import { isWellFormedEmail } from '../../../contracts/common.ts';
import { INDUSTRIES, type Industry } from '../../../contracts/industries.ts';
import {
  BUSINESS_DETAILS_SAVED,
  type businessDetailsMachine,
  selectDetailsRefusal,
  selectDetailsSaved,
  selectDetailsSaving,
} from '../../../machines/account/businessDetailsMachine.ts';
import { selectBusinessDetailsRef } from '../../../machines/app/appSelectors.ts';
import { useBusinessProfile } from '../../../services/http/queries.ts';
import { useAppActor } from '../../appActorContext.ts';
import { useCan } from '../../common/useCan.ts';
import { useKeptDraft } from '../../common/useKeptDraft.ts';
import { useNavigate } from '../../common/useRoute.ts';
import { refusedField } from '../../crm/crmFormRefusal.ts';
import type { SectionProps } from '../SectionPlaceholder.tsx';

type Fields = {
  businessName: string;
  industry: Industry;
  services: string;
  email: string;
  phone: string;
  address: string;
  socialLinks: string;
};
const FIELD_NAMES = [
  'businessName',
  'industry',
  'services',
  'email',
  'phone',
  'address',
  'socialLinks',
] as const;
type Errors = Partial<Record<keyof Fields, string>>;

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
const PHONE = /^(?=.*[0-9])[0-9 +().-]{5,30}$/;

// The server's rules (src/contracts/business.ts), checked before sending.
function check(fields: Fields): Errors {
  const errors: Errors = {};
  const links = parseSocialLinks(fields.socialLinks);
  if (!fields.businessName.trim()) errors.businessName = 'Business name is required';
  else if (fields.businessName.trim().length > BUSINESS_LIMITS.businessName)
    errors.businessName = `At most ${BUSINESS_LIMITS.businessName} characters`;
  if (!fields.services.trim()) errors.services = 'Services are required';
  if (!isWellFormedEmail(fields.email)) errors.email = 'Enter a valid email address, like name@example.com.';
  if (!PHONE.test(fields.phone.trim())) errors.phone = 'Enter a phone number (digits, spaces and + ( ) - .)';
  if (fields.address.trim().length > BUSINESS_LIMITS.address)
    errors.address = `At most ${BUSINESS_LIMITS.address} characters`;
  const bad = links.find((link) => !isSocialLink(link));
  if (bad) errors.socialLinks = `Not an http(s) address: ${bad}`;
  else if (links.length > BUSINESS_LIMITS.socialLinks)
    errors.socialLinks = `At most ${BUSINESS_LIMITS.socialLinks} links`;
  return errors;
}

/** What a save would send: the fields as the server keeps them. */
const inputOf = (fields: Fields): BusinessDetailsInput => ({
  businessName: fields.businessName.trim(),
  industry: fields.industry,
  services: fields.services.trim(),
  email: fields.email.trim(),
  phone: fields.phone.trim(),
  address: fields.address.trim(),
  socialLinks: parseSocialLinks(fields.socialLinks),
});

/** The form's fields as the saved details fill them. */
const fieldsOf = (profile: BusinessProfile): Fields => ({
  businessName: profile.businessName,
  industry: profile.industry,
  services: profile.services,
  email: profile.email,
  phone: profile.phone,
  address: profile.address,
  socialLinks: profile.socialLinks.join('\n'),
});

/** Whether the form holds something the saved details do not (what leaving would lose). */
const differs = (fields: Fields, profile: BusinessProfile): boolean => {
  const input = inputOf(fields);
  return (Object.keys(input) as (keyof BusinessDetailsInput)[]).some((key) =>
    key === 'socialLinks'
      ? input.socialLinks.join('\n') !== profile.socialLinks.join('\n')
      : input[key] !== profile[key],
  );
};

/**
 * Settings › Business details (path /settings/business): the name, contact details, address and social
 * profiles every site shows through its business tokens (footers, contact sections), from its next publish.
 */
export function BusinessDetailsSection(_: SectionProps) {
  const profile = useBusinessProfile();
  // The app runs the form's actor while this page shows (systemId `businessDetails`).
  const actor = useSelector(useAppActor(), selectBusinessDetailsRef);
  const navigate = useNavigate();
  if (profile.isPending || !actor) return <CircularProgress aria-label="Loading business details" />;
  if (!profile.data) {
    // Setup was skipped: the way to it is right here.
    return (
      <Alert
        severity="info"
        action={
          <Button color="inherit" size="small" onClick={() => navigate(appRoute('businessSetup'))}>
            Set up your business
          </Button>
        }
      >
        Set up your business first: its details will show here.
      </Alert>
    );
  }
  return <BusinessDetailsForm profile={profile.data} actor={actor} />;
}

type BusinessDetailsActor = ActorRefFrom<typeof businessDetailsMachine>;

function BusinessDetailsForm({ profile, actor }: { profile: BusinessProfile; actor: BusinessDetailsActor }) {
  const saving = useSelector(actor, selectDetailsSaving);
  const saved = useSelector(actor, selectDetailsSaved);
  const refusal = useSelector(actor, selectDetailsRefusal);
  const canEdit = useCan('business.edit');
  const [fields, setFields] = useState<Fields>(() => fieldsOf(profile));
  const [errors, setErrors] = useState<Errors>({});
  // Typed and not saved yet: the form's actor tells the app, which asks before the page is left.
  const unsaved = differs(fields, profile);
  useEffect(() => {
    actor.send({ type: 'business.edit', unsaved });
  }, [actor, unsaved]);
  const keptNote = useKeptDraft('account.businessDetails', {
    values: fields,
    changed: unsaved && canEdit,
    restore: setFields,
  });
  const refusedName = refusal ? refusedField(refusal, FIELD_NAMES) : null;
  const errorOf = (name: keyof Fields) =>
    errors[name] ?? (refusedName === name ? (refusal ?? '') : undefined);

  const field = (name: keyof Fields) => ({
    name,
    value: fields[name],
    onChange: (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value }),
    error: Boolean(errorOf(name)),
    helperText: errorOf(name),
    disabled: !canEdit,
    fullWidth: true,
  });

  // Cancel (what the kept-typing note offers): back to the saved details, and the kept draft goes with them.
  const handleCancel = () => {
    setFields(fieldsOf(profile));
    setErrors({});
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    actor.send({ type: 'business.save', input: inputOf(fields) });
  };

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      sx={{ maxWidth: 560 }}
      onSubmit={handleSubmit}
      aria-label="Business details"
    >
      <Typography color="text.secondary">
        Your sites show these details in their footers and contact sections. Publish a site again to update
        it.
      </Typography>
      {keptNote ? <Alert severity="info">{keptNote}</Alert> : null}
      <TextField label="Business name" required {...field('businessName')} />
      <TextField select label="Industry" {...field('industry')}>
        {INDUSTRIES.map((industry) => (
          <MenuItem key={industry} value={industry}>
            {capitalise(industry)}
          </MenuItem>
        ))}
      </TextField>
      <TextField label="Services" required multiline minRows={2} {...field('services')} />
      <TextField label="Email" type="email" required {...field('email')} />
      <TextField label="Phone" type="tel" required {...field('phone')} />
      <TextField label="Address" multiline minRows={2} {...field('address')} />
      <TextField
        label="Social links (one per line)"
        multiline
        minRows={2}
        placeholder="https://www.facebook.com/yourbusiness"
        {...field('socialLinks')}
      />
      {refusal && !refusedName ? <Alert severity="error">{refusal}</Alert> : null}
      {saved ? <Alert severity="success">{BUSINESS_DETAILS_SAVED}</Alert> : null}
      {canEdit ? (
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={saving}>
            Save business details
          </Button>
          {unsaved ? (
            <Button onClick={handleCancel} disabled={saving}>
              Cancel
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
