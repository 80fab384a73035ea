import ImageIcon from '@mui/icons-material/Image';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useId, useState } from 'react';

export const LOGO_NOT_AN_IMAGE = 'Please choose an image file for the logo';

type Props = { onChange: (file: File | null) => void };

/** Optional logo: image files only, previewed here. Collected but never sent (spec §3). */
export function LogoPicker({ onChange }: Props) {
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setError(LOGO_NOT_AN_IMAGE);
      setPreview(null);
      onChange(null);
      event.target.value = '';
      return;
    }
    setError(null);
    onChange(file);
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
  };

  return (
    <Stack spacing={1}>
      <Typography component="label" htmlFor={inputId} variant="body2" sx={{ color: 'text.secondary' }}>
        Logo (optional)
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar variant="rounded" src={preview ?? undefined} alt={preview ? 'Logo preview' : undefined}>
          {preview ? null : <ImageIcon />}
        </Avatar>
        <Button variant="outlined" component="label" size="small">
          Choose image
          <input id={inputId} hidden type="file" accept="image/*" onChange={handleFile} />
        </Button>
      </Stack>
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
    </Stack>
  );
}
