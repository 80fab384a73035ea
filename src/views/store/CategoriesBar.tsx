import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../services/http/ApiError.ts';
import { useCategories, useCreateCategory, useDeleteCategory } from '../../services/store/storeQueries.ts';
import { useCan } from '../common/useCan.ts';
import { useConfirmDelete } from '../common/useConfirmDelete.tsx';

/** The store's categories as chips: add one by name, delete one (its products stay, uncategorised). */
export function CategoriesBar({ storeId }: { storeId: string }) {
  const categories = useCategories(storeId);
  const create = useCreateCategory(storeId);
  const remove = useDeleteCategory(storeId);
  const canEdit = useCan('store.edit');
  const confirm = useConfirmDelete();
  const [name, setName] = useState('');
  const trimmed = name.trim();

  const handleAdd = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed === '') return;
    create.mutate(trimmed, { onSuccess: () => setName('') });
  };
  const failure = create.error ?? remove.error;

  return (
    <Stack spacing={1} component="section" aria-label="Categories">
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        component="form"
        onSubmit={handleAdd}
        noValidate
      >
        <Typography variant="subtitle2">Categories</Typography>
        {(categories.data ?? []).map((category) => (
          <Chip
            key={category.id}
            label={category.name}
            onDelete={
              canEdit
                ? () =>
                    confirm.ask(
                      'category',
                      `Delete the category ${category.name}? Its products stay in the store.`,
                      () => remove.mutateAsync(category.id),
                    )
                : undefined
            }
          />
        ))}
        {categories.data?.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            None yet
          </Typography>
        ) : null}
        {canEdit ? (
          <>
            <TextField
              size="small"
              label="New category"
              value={name}
              onChange={(event) => setName(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <Button type="submit" disabled={trimmed === '' || create.isPending}>
              Add Category
            </Button>
          </>
        ) : null}
      </Stack>
      {failure ? (
        <Alert severity="error">{errorMessage(failure, 'Failed to change categories')}</Alert>
      ) : null}
      {confirm.dialog}
    </Stack>
  );
}
