import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ContentCutIcon from '@mui/icons-material/ContentCut';
import ContentPasteIcon from '@mui/icons-material/ContentPaste';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import { selectSelectedIds } from '../../machines/builder/builderMachine.ts';
import { useBuilderSelector } from './builderContext.ts';
import { useBuilderClipboard } from './useBuilderClipboard.ts';

/** Copy, Cut and Paste of the selected elements, beside the canvas (the same as Ctrl/Cmd+C, X and V). */
export function ClipboardToolbar() {
  const clipboard = useBuilderClipboard();
  const hasSelection = useBuilderSelector(selectSelectedIds).length > 0;
  return (
    <ButtonGroup size="small" variant="outlined" aria-label="Clipboard">
      <Button startIcon={<ContentCopyIcon />} disabled={!hasSelection} onClick={() => void clipboard.copy()}>
        Copy
      </Button>
      <Button startIcon={<ContentCutIcon />} disabled={!hasSelection} onClick={() => void clipboard.cut()}>
        Cut
      </Button>
      <Button startIcon={<ContentPasteIcon />} onClick={() => void clipboard.paste()}>
        Paste
      </Button>
    </ButtonGroup>
  );
}
