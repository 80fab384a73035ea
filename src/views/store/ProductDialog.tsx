import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import {
  PRODUCT_FIELD_LABELS as LABELS,
  type ProductNumberField,
  productNumbersOf,
  validateProductNumbers,
} from '../../contracts/productRules.ts';
import { PRODUCT_DEFAULTS, type Product, type ProductInput } from '../../contracts/store.ts';
import { unsavedHint } from '../../contracts/unsavedHint.ts';
import { errorMessage } from '../../services/http/ApiError.ts';
import { useCategories, useSaveProduct, useUploadProductImage } from '../../services/store/storeQueries.ts';
import { changedFields, nothingChanged } from '../common/changedFields.ts';
import { useChangedSinceOpened, useKeepTypedInput } from '../common/keepTypedInput.ts';
import { UploadImageButton } from '../common/UploadImageButton.tsx';
import { useKeptDraft } from '../common/useKeptDraft.ts';

type Props = { storeId: string; product: Product | null; onClose: () => void };

type Form = Record<
  | 'name'
  | 'code'
  | 'price'
  | 'originalPrice'
  | 'description'
  | 'rating'
  | 'stock'
  | 'imageUrl'
  | 'categoryId',
  string
> & {
  isActive: boolean;
};

// A new product starts with the spec §9 product-card rating and stock, but with no price and no original price
// of its own: a price nobody typed (99.99) would be charged, and an original price (129.99) would show shoppers a
// struck-through discount that never was.
const blank: Form = {
  name: '',
  code: '',
  price: '',
  originalPrice: '',
  description: '',
  rating: String(PRODUCT_DEFAULTS.rating),
  stock: String(PRODUCT_DEFAULTS.inventoryQuantity),
  imageUrl: '',
  categoryId: '',
  isActive: true,
};

const toForm = (product: Product): Form => ({
  name: product.name,
  code: product.code,
  price: String(product.price),
  originalPrice: product.originalPrice === null ? '' : String(product.originalPrice),
  description: product.description,
  rating: String(product.rating),
  stock: String(product.inventoryQuantity),
  imageUrl: product.imageUrl,
  categoryId: product.categoryId === null ? '' : String(product.categoryId),
  isActive: product.isActive,
});

// Call after validateProductNumbers found nothing: the numbers are sent as typed, never clamped or rounded.
const toInput = (form: Form): ProductInput => ({
  name: form.name.trim(),
  code: form.code.trim(),
  ...productNumbersOf(form),
  description: form.description,
  imageUrl: form.imageUrl,
  // null, not a field left out (which a PUT keeps), takes a product out of its category.
  categoryId: form.categoryId === '' ? null : Number(form.categoryId),
  isActive: form.isActive,
});

const UNSAVED_PRODUCT_HINT = unsavedHint('product', 'Save', 'Cancel');

/** Create or edit a product, with an image uploaded through /api/upload/image. */
export function ProductDialog({ storeId, product, onClose }: Props) {
  const [form, setForm] = useState<Form>(product ? toForm(product) : blank);
  // The fields the owner has changed: an emptied one says what to enter, a new product's untouched price does not.
  const [touched, setTouched] = useState<ReadonlySet<keyof Form>>(new Set());
  const save = useSaveProduct(storeId);
  const upload = useUploadProductImage();
  const categories = useCategories(storeId);
  const changed = useChangedSinceOpened(form);
  const keep = useKeepTypedInput(changed, onClose, UNSAVED_PRODUCT_HINT);
  const keptNote = useKeptDraft(`store.${storeId}.product.${product?.id ?? 'new'}`, {
    values: form,
    changed,
    restore: setForm,
  });
  const set = (key: keyof Form) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [key]: event.target.value }));
    setTouched((current) => new Set(current).add(key));
  };
  const problems = validateProductNumbers(form);
  const invalid = form.name.trim() === '' || Object.keys(problems).length > 0;
  /** The message under a number field: once it is typed in or changed. */
  const problemOf = (field: ProductNumberField): string | null =>
    touched.has(field) || form[field].trim() !== '' ? (problems[field] ?? null) : null;
  const priceProblem = problemOf('price');
  const originalPriceProblem = problemOf('originalPrice');
  const stockProblem = problemOf('stock');
  const ratingProblem = problemOf('rating');

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid) return;
    const input = toInput(form);
    if (!product) return save.mutate({ id: null, input }, { onSuccess: onClose });
    // Only what the owner changed: stock sold and another member's edits since it opened stay.
    const changes = changedFields(input, toInput(toForm(product)));
    if (nothingChanged(changes)) return onClose();
    save.mutate({ id: product.id, input: changes }, { onSuccess: onClose });
  };
  const handleFile = (file: File) => {
    upload.mutate(file, { onSuccess: (url) => setForm((current) => ({ ...current, imageUrl: url })) });
  };

  return (
    <Dialog open onClose={keep.onClose} fullWidth maxWidth="sm">
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle>{product ? 'Edit Product' : 'New Product'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ mt: 1 }}>
            {keptNote ? <Alert severity="info">{keptNote}</Alert> : null}
            {keep.hint ? <Alert severity="warning">{keep.hint}</Alert> : null}
            {save.error ? (
              <Alert severity="error">{errorMessage(save.error, 'Failed to save product')}</Alert>
            ) : null}
            <TextField label={LABELS.name} required value={form.name} onChange={set('name')} autoFocus />
            <TextField label={LABELS.code} value={form.code} onChange={set('code')} />
            <Stack direction="row" spacing={2}>
              <TextField
                label={LABELS.price}
                type="number"
                required
                value={form.price}
                onChange={set('price')}
                // Nothing typed yet is not an error to show; a typed (or emptied) price that cannot be one is.
                error={priceProblem !== null}
                helperText={priceProblem}
              />
              <TextField
                label={LABELS.originalPrice}
                type="number"
                value={form.originalPrice}
                onChange={set('originalPrice')}
                error={originalPriceProblem !== null}
                helperText={originalPriceProblem ?? 'Optional: shown struck through beside the price'}
              />
            </Stack>
            <Stack direction="row" spacing={2}>
              <TextField
                label={LABELS.inventoryQuantity}
                type="number"
                value={form.stock}
                onChange={set('stock')}
                error={stockProblem !== null}
                helperText={stockProblem}
                slotProps={{ htmlInput: { min: 0, step: 1 } }}
              />
              <TextField
                label={LABELS.rating}
                type="number"
                value={form.rating}
                onChange={set('rating')}
                error={ratingProblem !== null}
                helperText={ratingProblem}
                slotProps={{ htmlInput: { min: 0, max: 5, step: 1 } }}
              />
            </Stack>
            <TextField select label={LABELS.categoryId} value={form.categoryId} onChange={set('categoryId')}>
              <MenuItem value="">None</MenuItem>
              {(categories.data ?? []).map((category) => (
                <MenuItem key={category.id} value={String(category.id)}>
                  {category.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={LABELS.description}
              multiline
              minRows={2}
              value={form.description}
              onChange={set('description')}
            />
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <UploadImageButton variant="outlined" pending={upload.isPending} onFile={handleFile} />
              {form.imageUrl ? (
                <>
                  <img src={form.imageUrl} alt="Product" style={{ height: 48 }} />
                  <Button
                    color="error"
                    disabled={upload.isPending}
                    onClick={() => setForm((current) => ({ ...current, imageUrl: '' }))}
                  >
                    Remove image
                  </Button>
                </>
              ) : null}
            </Stack>
            {upload.error ? <Alert severity="error">{upload.error.message}</Alert> : null}
            <FormControlLabel
              control={
                <Switch
                  checked={form.isActive}
                  onChange={(event) => setForm((current) => ({ ...current, isActive: event.target.checked }))}
                />
              }
              label={LABELS.isActive}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={keep.cancel}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={invalid || save.isPending}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
