import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { type FormEvent, useRef, useState } from 'react';
import { INDUSTRIES } from '../../contracts/industries.ts';
import { type SetupNext, selectIsBusy } from '../../machines/app/appMachine.ts';
import { selectSetupVariant } from '../../machines/app/appSelectors.ts';
import { useBusinessProfile } from '../../services/http/queries.ts';
import { useAppActor } from '../appActorContext.ts';
import { compact, emailError, required } from '../forms/validation.ts';
import { LogoPicker } from './LogoPicker.tsx';
import { type SetupFields, useSetupDraft } from './useSetupDraft.ts';

type Errors = Partial<Record<keyof SetupFields, string>>;

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/**
 * Business setup (builder-store-crm §2, §5): every field but the logo is required. The variant (Generate
 * Website on the websites list) is prefilled from the stored profile and has a single Generate Website button.
 */
export function BusinessSetupForm() {
  const app = useAppActor();
  const busy = useSelector(app, selectIsBusy);
  const variant = useSelector(app, selectSetupVariant) === 'generate';
  // Only the variant edits an existing profile; the first setup has none to read.
  const profile = useBusinessProfile({ enabled: variant });
  // What is typed is kept through a reload or leaving until it is set up or discarded (useSetupDraft.ts).
  const draft = useSetupDraft({ variant, profile: profile.data, submitting: busy });
  const { fields } = draft;
  const [errors, setErrors] = useState<Errors>({});
  // The setup call does not carry the logo (spec §3): it is uploaded beside it and used by the generator.
  const [logo, setLogo] = useState<File | null>(null);
  // Which of the two submit buttons was used (Enter counts as the first one).
  const next = useRef<SetupNext>('builder');

  const field = (name: keyof SetupFields) => ({
    name,
    value: fields[name],
    onChange: (event: { target: { value: string } }) => draft.setField(name, event.target.value),
    error: Boolean(errors[name]),
    helperText: errors[name],
    required: true,
    fullWidth: true,
  });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = compact({
      businessName: required(fields.businessName, 'Business name is required'),
      industry: required(fields.industry, 'Industry is required'),
      services: required(fields.services, 'Services are required'),
      email: emailError(fields.email),
      phone: required(fields.phone, 'Phone is required'),
    });
    setErrors(found);
    if (Object.keys(found).length > 0 || fields.industry === '') return;
    draft.markSent();
    app.send({
      type: 'business.submit',
      next: variant ? 'generator' : next.current,
      logo,
      business: {
        businessName: fields.businessName.trim(),
        industry: fields.industry,
        services: fields.services.trim(),
        email: fields.email.trim(),
        phone: fields.phone.trim(),
      },
    });
  };

  const handleDiscard = () => {
    draft.discard();
    setErrors({});
  };
  const discardButton = draft.changed ? (
    <Button onClick={handleDiscard} disabled={busy}>
      Discard changes
    </Button>
  ) : null;

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 560 }}>
        <CardContent>
          <Stack spacing={2} component="form" noValidate onSubmit={handleSubmit} aria-label="Business setup">
            <Typography variant="h5" component="h1">
              Tell us about your business
            </Typography>
            {draft.note ? <Alert severity="info">{draft.note}</Alert> : null}
            <TextField label="Business name" {...field('businessName')} />
            <TextField select label="Industry" {...field('industry')}>
              {INDUSTRIES.map((industry) => (
                <MenuItem key={industry} value={industry}>
                  {capitalise(industry)}
                </MenuItem>
              ))}
            </TextField>
            <TextField label="Services" multiline minRows={3} {...field('services')} />
            <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
            <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
            <LogoPicker onChange={setLogo} />
            {variant ? (
              <Stack direction="row" spacing={2}>
                <Button
                  type="submit"
                  variant="contained"
                  disabled={busy}
                  onClick={() => {
                    next.current = 'generator';
                  }}
                >
                  Generate Website
                </Button>
                <Button onClick={() => app.send({ type: 'view.back' })} disabled={busy}>
                  Back
                </Button>
                {discardButton}
              </Stack>
            ) : (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <Button
                  type="submit"
                  variant="contained"
                  disabled={busy}
                  onClick={() => {
                    next.current = 'builder';
                  }}
                >
                  Build from Scratch
                </Button>
                <Button
                  type="submit"
                  variant="outlined"
                  disabled={busy}
                  onClick={() => {
                    next.current = 'generator';
                  }}
                >
                  Generate with AI
                </Button>
                {discardButton}
              </Stack>
            )}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
