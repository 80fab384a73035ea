import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  ADDRESS_FIELDS,
  CHECKOUT_FIELD_LABELS,
  type CheckoutTextField,
  PAYMENT_CHOICE_LABELS,
} from '../../contracts/checkoutFields.ts';
import { manualPaymentWords } from '../../contracts/paymentWords.ts';
import {
  type CheckoutDraft,
  confirmationSentText,
  type DeliveryMethod,
  formatMoney,
  formatOrderNumber,
  ORDER_PAGE_LINK_HINT,
  ORDER_PAGE_LINK_TEXT,
  ORDER_PLACED_MESSAGE,
  type OrderTotals,
  type PaymentMethod,
  shippingChoiceLabel,
  totalsRows,
} from '../../contracts/store.ts';
import {
  type cartMachine,
  selectCheckoutDraft,
  selectCheckoutError,
  selectCheckoutErrors,
  selectCheckoutOptions,
  selectCheckoutStep,
  selectCheckoutTotals,
  selectLastOrder,
} from '../../machines/store/cartMachine.ts';

type Props = { cartRef: ActorRefFrom<typeof cartMachine> };

const TEXT_FIELDS: readonly CheckoutTextField[] = ['name', 'email', 'phone'];

/** Subtotal, shipping, tax and total, as the published checkout lists them: what the total is made of. */
function TotalsList({ totals, currency }: { totals: OrderTotals; currency: string }) {
  return (
    <Box component="dl" aria-label="Order totals" sx={{ m: 0 }}>
      {totalsRows(totals).map(([label, amount]) => (
        <Stack
          key={label}
          direction="row"
          sx={{ justifyContent: 'space-between', fontWeight: label === 'Total' ? 'bold' : undefined }}
        >
          <Box component="dt">{label}</Box>
          <Box component="dd" sx={{ m: 0 }}>
            {formatMoney(amount, currency)}
          </Box>
        </Stack>
      ))}
    </Box>
  );
}

/** The dashboard storefront's checkout: the same machine states as the published site's form. */
export function CheckoutPanel({ cartRef }: Props) {
  const step = useSelector(cartRef, selectCheckoutStep);
  const draft = useSelector(cartRef, selectCheckoutDraft);
  const errors = useSelector(cartRef, selectCheckoutErrors);
  const options = useSelector(cartRef, selectCheckoutOptions);
  const error = useSelector(cartRef, selectCheckoutError);
  const totals = useSelector(cartRef, selectCheckoutTotals);
  const order = useSelector(cartRef, selectLastOrder);
  const update = (fields: Partial<CheckoutDraft>) => cartRef.send({ type: 'checkout.update', fields });
  const currency = options?.currency ?? 'USD';

  if (step === 'confirmed' && order) {
    return (
      <Stack spacing={1} sx={{ p: 2, width: 360 }}>
        <Alert severity="success">{ORDER_PLACED_MESSAGE}</Alert>
        <Typography variant="h6">Order {formatOrderNumber(order.orderNumber)}</Typography>
        {order.items.map((item) => (
          <Typography key={`${item.productId}-${item.productName}`}>
            {item.productName} × {item.quantity}
          </Typography>
        ))}
        <TotalsList totals={order} currency={order.currency} />
        {order.paymentInstructions ? <Typography>{order.paymentInstructions}</Typography> : null}
        {order.deliveryMethod === 'pickup' && options?.pickupInstructions ? (
          <Typography>Pickup: {options.pickupInstructions}</Typography>
        ) : null}
        {order.confirmationEmailed ? (
          <Typography>{confirmationSentText(order.customer.email)}</Typography>
        ) : null}
        {/^https?:\/\//i.test(order.orderUrl) ? (
          <Typography>
            <Link href={order.orderUrl} target="_blank" rel="noopener">
              {ORDER_PAGE_LINK_TEXT}
            </Link>{' '}
            — {ORDER_PAGE_LINK_HINT}
          </Typography>
        ) : null}
        <Button variant="contained" onClick={() => cartRef.send({ type: 'checkout.done' })}>
          Continue shopping
        </Button>
      </Stack>
    );
  }
  if (step === 'redirecting' && order?.checkoutUrl) {
    return (
      <Stack spacing={1} sx={{ p: 2, width: 360 }}>
        <Typography>Taking you to the secure payment page…</Typography>
        <Button variant="contained" href={order.checkoutUrl} target="_top">
          Continue to payment
        </Button>
      </Stack>
    );
  }
  const placing = step === 'placing';
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      sx={{ p: 2, width: 360 }}
      aria-label="Checkout"
      onSubmit={(event) => {
        event.preventDefault();
        cartRef.send({ type: 'checkout.submit' });
      }}
    >
      <Typography variant="h6">Checkout</Typography>
      {step === 'loading' ? <Typography>Loading checkout…</Typography> : null}
      {step === 'unavailable' ? (
        <Alert
          severity="error"
          action={<Button onClick={() => cartRef.send({ type: 'checkout.retry' })}>Retry</Button>}
        >
          {error}
        </Alert>
      ) : null}
      {TEXT_FIELDS.map((field) => (
        <TextField
          key={field}
          label={CHECKOUT_FIELD_LABELS[field]}
          value={draft[field]}
          disabled={placing}
          error={Boolean(errors[field])}
          helperText={errors[field]}
          onChange={(event) => update({ [field]: event.target.value })}
        />
      ))}
      {options ? (
        <RadioGroup
          aria-label="Delivery"
          value={draft.deliveryMethod}
          onChange={(_, value) => update({ deliveryMethod: value as DeliveryMethod })}
        >
          {options.pickupEnabled ? (
            <FormControlLabel value="pickup" control={<Radio />} label="Pickup" />
          ) : null}
          {options.shippingEnabled ? (
            <FormControlLabel value="shipping" control={<Radio />} label={shippingChoiceLabel(options)} />
          ) : null}
        </RadioGroup>
      ) : null}
      {draft.deliveryMethod === 'pickup' && options?.pickupInstructions ? (
        <Typography variant="body2" color="text.secondary">
          {options.pickupInstructions}
        </Typography>
      ) : null}
      {draft.deliveryMethod === 'shipping'
        ? ADDRESS_FIELDS.map((field) => (
            <TextField
              key={field}
              label={CHECKOUT_FIELD_LABELS[field]}
              value={draft[field]}
              disabled={placing}
              error={Boolean(errors[field])}
              helperText={errors[field]}
              onChange={(event) => update({ [field]: event.target.value })}
            />
          ))
        : null}
      <TextField
        label={CHECKOUT_FIELD_LABELS.note}
        value={draft.note}
        multiline
        minRows={2}
        disabled={placing}
        error={Boolean(errors.note)}
        helperText={errors.note}
        onChange={(event) => update({ note: event.target.value })}
      />
      {/* As the published checkout: the choice when the store offers two ways to pay, and how a manual order is paid. */}
      {options && options.paymentMethods.length > 1 ? (
        <RadioGroup
          aria-label="Payment"
          value={draft.paymentMethod}
          onChange={(_, value) => update({ paymentMethod: value as PaymentMethod })}
        >
          {options.paymentMethods.map((method) => (
            <FormControlLabel
              key={method}
              value={method}
              control={<Radio disabled={placing} />}
              label={PAYMENT_CHOICE_LABELS[method]}
            />
          ))}
        </RadioGroup>
      ) : null}
      {options && options.paymentMethods.length > 1 && draft.paymentMethod === 'manual' ? (
        <Typography variant="body2" color="text.secondary">
          {manualPaymentWords(options.manualPaymentInstructions, draft.deliveryMethod)}
        </Typography>
      ) : null}
      {totals ? <TotalsList totals={totals} currency={currency} /> : null}
      {error && step !== 'unavailable' ? <Alert severity="error">{error}</Alert> : null}
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={placing || step !== 'details'}>
          Place order
        </Button>
        <Button disabled={placing} onClick={() => cartRef.send({ type: 'checkout.back' })}>
          Back to cart
        </Button>
      </Stack>
    </Stack>
  );
}
