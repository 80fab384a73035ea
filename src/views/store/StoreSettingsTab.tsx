import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { PAYMENT_WORDS_HINT } from '../../contracts/paymentWords.ts';
import { CHECKOUT_LIMITS, type StoreSettings } from '../../contracts/store.ts';
import { errorMessage } from '../../services/http/ApiError.ts';
import {
  useCheckoutOptions,
  useSaveStoreSettings,
  useSettingsDraft,
  useStoreSettings,
} from '../../services/store/storeQueries.ts';
import { useCan } from '../common/useCan.ts';
import {
  CARD_NEEDS_STRIPE,
  type Draft,
  draftOf,
  type ErrorKey,
  fieldOfMessage,
  settingsOf,
  type TextKey,
  validateDraft,
} from './storeSettingsDraft.ts';

// Switches and boxes clear the error shown for their group.
const ERROR_OF: Partial<Record<keyof Draft, ErrorKey>> = {
  pickupEnabled: 'delivery',
  shippingEnabled: 'delivery',
  manual: 'paymentMethods',
  card: 'paymentMethods',
};

/** The store's checkout settings: delivery, shipping rates, tax, order notices and payment methods. */
export function StoreSettingsTab({ storeId }: { storeId: string }) {
  const settings = useStoreSettings(storeId);
  if (settings.error) {
    return (
      <Alert severity="error">
        {`Could not load the store settings: ${errorMessage(settings.error, 'the server did not answer')}. Reload the page to try again.`}
      </Alert>
    );
  }
  if (!settings.data) return <Typography color="text.secondary">Loading the store settings…</Typography>;
  return <SettingsForm storeId={storeId} saved={settings.data} />;
}

function SettingsForm({ storeId, saved }: { storeId: string; saved: StoreSettings }) {
  const canEdit = useCan('store.edit');
  const save = useSaveStoreSettings(storeId);
  const checkout = useCheckoutOptions(storeId);
  // What the owner typed survives leaving the tab (until saved), per store.
  const drafts = useSettingsDraft<Draft>(storeId);
  const [draft, setDraftState] = useState<Draft>(() => drafts.read() ?? draftOf(saved));
  const [errors, setErrors] = useState<Partial<Record<ErrorKey, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [savedNow, setSavedNow] = useState(false);
  const cardAvailable = checkout.data?.paymentMethods.includes('card') ?? false;
  const readOnly = !canEdit;

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    const next = { ...draft, [key]: value };
    drafts.keep(next);
    setDraftState(next);
    setSavedNow(false);
    const errorKey = ERROR_OF[key] ?? (key as ErrorKey);
    if (errors[errorKey] !== undefined) setErrors(({ [errorKey]: _fixed, ...rest }) => rest);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateDraft(draft);
    setErrors(found);
    setFormError(null);
    setSavedNow(false);
    if (Object.keys(found).length > 0) return;
    save.mutate(settingsOf(draft), {
      onSuccess: () => {
        drafts.keep(undefined);
        setSavedNow(true);
      },
      onError: (error) => {
        const message = errorMessage(error, 'The settings could not be saved: try again.');
        const field = fieldOfMessage(message);
        if (field) setErrors({ [field]: message });
        else setFormError(message);
      },
    });
  };

  const text = (key: TextKey) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
    error: errors[key] !== undefined,
    disabled: readOnly,
  });
  // The switches and boxes: pickup, shipping and the two payment methods.
  const toggle = (key: 'pickupEnabled' | 'shippingEnabled' | 'manual' | 'card') => ({
    checked: draft[key],
    disabled: readOnly,
    onChange: (event: { target: { checked: boolean } }) => set(key, event.target.checked),
  });
  // The instructions shown to buyers (pickup, manual payment): several lines, the contract's length.
  const instructions = (key: 'pickupInstructions' | 'manualPaymentInstructions', hint: string) => ({
    ...text(key),
    multiline: true,
    minRows: 2,
    helperText: errors[key] ?? hint,
    slotProps: { htmlInput: { maxLength: CHECKOUT_LIMITS.instructions } },
  });

  return (
    <Stack component="form" spacing={3} onSubmit={handleSubmit} noValidate sx={{ maxWidth: 560 }}>
      {savedNow ? <Alert severity="success">Store settings saved</Alert> : null}
      {formError ? <Alert severity="error">{formError}</Alert> : null}
      {Object.keys(errors).length > 0 && !formError ? (
        <Alert severity="error">Some settings need a fix: see the fields marked in red.</Alert>
      ) : null}

      <Stack spacing={1}>
        <Typography variant="h6" component="h3">
          Delivery
        </Typography>
        <FormControlLabel control={<Switch {...toggle('pickupEnabled')} />} label="Pickup" />
        {draft.pickupEnabled ? (
          <TextField
            label="Pickup instructions"
            {...instructions('pickupInstructions', 'Where and when buyers collect their orders')}
          />
        ) : null}
        <FormControlLabel control={<Switch {...toggle('shippingEnabled')} />} label="Shipping" />
        {draft.shippingEnabled ? (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Flat shipping rate"
              type="number"
              {...text('flatShippingRate')}
              helperText={errors.flatShippingRate ?? 'Charged once per order'}
              slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
            />
            <TextField
              label="Free shipping from"
              type="number"
              {...text('freeShippingThreshold')}
              helperText={errors.freeShippingThreshold ?? 'Order subtotal; empty: never free'}
              slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
            />
          </Stack>
        ) : null}
        {errors.delivery ? <FormHelperText error>{errors.delivery}</FormHelperText> : null}
      </Stack>

      <Stack spacing={1}>
        <Typography variant="h6" component="h3">
          Tax
        </Typography>
        <TextField
          label="Tax rate (%)"
          type="number"
          {...text('taxRate')}
          helperText={errors.taxRate ?? '0 when you charge no tax'}
          slotProps={{ htmlInput: { min: 0, max: 100, step: 0.01 } }}
          sx={{ maxWidth: 220 }}
        />
        <RadioGroup
          aria-label="How tax is charged"
          value={draft.taxInclusive ? 'inclusive' : 'exclusive'}
          onChange={(event) => set('taxInclusive', event.target.value === 'inclusive')}
        >
          <FormControlLabel
            value="inclusive"
            control={<Radio disabled={readOnly} />}
            label="Prices include tax"
          />
          <FormControlLabel
            value="exclusive"
            control={<Radio disabled={readOnly} />}
            label="Tax is added at checkout"
          />
        </RadioGroup>
      </Stack>

      <Stack spacing={1}>
        <Typography variant="h6" component="h3">
          Order notices
        </Typography>
        <TextField
          label="Order notice email"
          type="email"
          {...text('orderNoticeEmail')}
          helperText={
            errors.orderNoticeEmail ?? 'Where new orders are announced; empty: the account owner’s email'
          }
        />
      </Stack>

      <FormControl component="fieldset" error={errors.paymentMethods !== undefined}>
        <FormLabel component="legend">
          <Typography variant="h6" component="span" color="text.primary">
            Payment methods
          </Typography>
        </FormLabel>
        <FormGroup>
          <FormControlLabel
            control={<Checkbox {...toggle('manual')} />}
            label="Manual (pay on pickup or by bank transfer)"
          />
          {draft.manual ? (
            <TextField
              label="Payment instructions"
              {...instructions('manualPaymentInstructions', PAYMENT_WORDS_HINT)}
              sx={{ my: 1 }}
            />
          ) : null}
          <FormControlLabel control={<Checkbox {...toggle('card')} />} label="Card" />
          {checkout.isSuccess && !cardAvailable ? <FormHelperText>{CARD_NEEDS_STRIPE}</FormHelperText> : null}
        </FormGroup>
        {errors.paymentMethods ? <FormHelperText>{errors.paymentMethods}</FormHelperText> : null}
      </FormControl>

      {canEdit ? (
        <Button type="submit" variant="contained" disabled={save.isPending} sx={{ alignSelf: 'flex-start' }}>
          {save.isPending ? 'Saving…' : 'Save settings'}
        </Button>
      ) : null}
    </Stack>
  );
}
