import Button, { type ButtonProps } from '@mui/material/Button';

/**
 * "Upload Image" (or "Uploading..." while `pending`): picks one file and hands it to `onFile`. The picker is
 * emptied after each pick, so choosing the same file again is another attempt.
 */
export function UploadImageButton({
  pending,
  onFile,
  ...button
}: { pending: boolean; onFile: (file: File) => void } & Pick<ButtonProps, 'size' | 'variant'>) {
  return (
    <Button component="label" {...button} disabled={pending}>
      {pending ? 'Uploading...' : 'Upload Image'}
      <input
        hidden
        type="file"
        accept="image/*"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </Button>
  );
}
