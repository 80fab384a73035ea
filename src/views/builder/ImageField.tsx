import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useUploadImage } from '../../services/http/queries.ts';
import { uploadFailed } from '../../services/http/uploadError.ts';
import { UploadImageButton } from '../common/UploadImageButton.tsx';

const NOT_AN_IMAGE = uploadFailed('Please select an image file');

/**
 * The image's address: typed (keystrokes in a row are one undo step) or uploaded (a step of its own). A failed
 * upload says why under the button, until the next attempt (another element's panel starts afresh).
 */
export function ImageField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string, burst: boolean) => void;
}) {
  const upload = useUploadImage();
  const [notImage, setNotImage] = useState(false);
  const problem = notImage ? NOT_AN_IMAGE : (upload.error?.message ?? null);
  return (
    <Box>
      <TextField
        fullWidth
        size="small"
        margin="dense"
        label={`${label} URL`}
        value={value.startsWith('data:') ? '(embedded image)' : value}
        onChange={(e) => onChange(e.target.value, true)}
      />
      <UploadImageButton
        size="small"
        pending={upload.isPending}
        onFile={(file) => {
          upload.reset();
          setNotImage(!file.type.startsWith('image/'));
          if (file.type.startsWith('image/'))
            upload.mutate(file, { onSuccess: (url) => onChange(url, false) });
        }}
      />
      {problem ? (
        <Alert
          severity="error"
          onClose={() => {
            setNotImage(false);
            upload.reset();
          }}
        >
          {problem}
        </Alert>
      ) : null}
    </Box>
  );
}
