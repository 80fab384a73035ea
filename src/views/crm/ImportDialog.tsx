import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import type { ContactList } from '../../contracts/crm.ts';
import { CRM_FIELD_LABELS } from '../../contracts/crmFieldLabels.ts';
import { IMPORT_FIELDS, inferMapping } from '../../contracts/crmImportFields.ts';
import { toCsv } from '../../contracts/csv.ts';
import { unsavedHint } from '../../contracts/unsavedHint.ts';
import {
  type ContactImportActorRef,
  selectCanRollback,
  selectImportBusy,
  selectImportError,
  selectImportReport,
} from '../../machines/crm/contactImportMachine.ts';
import { selectImportRef } from '../../machines/crm/crmMachine.ts';
import { useKeepTypedInput } from '../common/keepTypedInput.ts';
import { saveBlob } from '../common/saveBlob.ts';
import { useCrmActor } from './crmActorContext.ts';
import { csvHeaderRow } from './csvHeaderRow.ts';

/** The import's bad rows as a CSV the owner can fix from: the row number and the reason. */
export function badRowsCsv(errors: readonly { row: number; message: string }[]): Blob {
  const csv = toCsv([['Row', 'Reason'], ...errors.map((e) => [e.row, e.message])]);
  return new Blob([csv], { type: 'text/csv;charset=utf-8' });
}

const UNSAVED_IMPORT_HINT = unsavedHint('import', 'Import', 'Close');

function badRowsFileName(fileName: string | undefined): string {
  const base = (fileName ?? 'contacts.csv').replace(/\.csv$/i, '');
  return `${base}-bad-rows.csv`;
}

/**
 * Import contacts from a CSV file: duplicates rule, target list, progress bar, report and rollback. The import
 * flow is the CRM actor's (it starts one when the dialog opens and stops it when it closes).
 */
export function ImportDialog({ lists, onClose }: { lists: ContactList[]; onClose: () => void }) {
  const crm = useCrmActor();
  const importer = useSelector(crm, selectImportRef);
  useEffect(() => {
    crm.send({ type: 'crm.import.open' });
    return () => crm.send({ type: 'crm.import.close' });
  }, [crm]);
  return importer ? <ImportDialogFor importer={importer} lists={lists} onClose={onClose} /> : null;
}

function ImportDialogFor({
  importer,
  lists,
  onClose,
}: {
  importer: ContactImportActorRef;
  lists: ContactList[];
  onClose: () => void;
}) {
  const report = useSelector(importer, selectImportReport);
  const error = useSelector(importer, selectImportError);
  const busy = useSelector(importer, selectImportBusy);
  const canRollback = useSelector(importer, selectCanRollback);
  const [file, setFile] = useState<File | null>(null);
  const [duplicates, setDuplicates] = useState<'skip' | 'update'>('skip');
  const [listId, setListId] = useState<number | ''>('');
  // Header → contact field, read from the file's first line; sent only when the user changed a column.
  const [headers, setHeaders] = useState<string[]>([]);
  const [mapping, setMapping] = useState<Record<string, string> | null>(null);

  // Escape or a click beside keeps a chosen file and options until an import ran (its report then shows).
  const keep = useKeepTypedInput(
    !report && (file !== null || duplicates !== 'skip' || listId !== '' || mapping !== null),
    onClose,
    UNSAVED_IMPORT_HINT,
  );

  const handleFile = async (chosen: File | null) => {
    setFile(chosen);
    setMapping(null);
    setHeaders(chosen ? csvHeaderRow(await chosen.slice(0, 64 * 1024).text()) : []);
  };

  const handleImport = () => {
    if (!file) return;
    importer.send({
      type: 'import.start',
      file,
      options: { duplicates, contactListId: listId === '' ? null : listId, mapping },
    });
  };

  return (
    <Dialog open onClose={busy ? undefined : keep.onClose} fullWidth maxWidth="sm">
      <DialogTitle>Import contacts</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {keep.hint ? <Alert severity="warning">{keep.hint}</Alert> : null}
          <Typography variant="body2" color="text.secondary">
            A CSV file with a header row; columns such as First Name, Last Name, Email, Phone, Company, Tags
            and Notes are recognised by their headers.
          </Typography>
          <Button variant="outlined" component="label" disabled={busy}>
            {file ? file.name : 'Choose CSV file'}
            <input
              hidden
              type="file"
              accept=".csv,text/csv"
              aria-label="CSV file"
              onChange={(e) => void handleFile(e.target.files?.[0] ?? null)}
            />
          </Button>
          {headers.length > 0 && (
            <Stack spacing={1} aria-label="Column mapping">
              <Typography variant="body2">Columns, as recognised from the headers (change any):</Typography>
              {headers.map((header) => (
                <TextField
                  key={header}
                  select
                  size="small"
                  label={`Column "${header.trim()}"`}
                  value={(mapping ?? inferMapping(headers))[header] ?? ''}
                  onChange={(e) =>
                    setMapping({
                      ...(mapping ?? inferMapping(headers)),
                      [header]: e.target.value,
                    })
                  }
                >
                  <MenuItem value="">Ignore</MenuItem>
                  {IMPORT_FIELDS.map((target) => (
                    <MenuItem key={target} value={target}>
                      {CRM_FIELD_LABELS[target]}
                    </MenuItem>
                  ))}
                </TextField>
              ))}
            </Stack>
          )}
          <TextField
            select
            label="Duplicates (same email)"
            value={duplicates}
            onChange={(e) => setDuplicates(e.target.value as 'skip' | 'update')}
          >
            <MenuItem value="skip">Skip</MenuItem>
            <MenuItem value="update">Update</MenuItem>
          </TextField>
          <TextField
            select
            label="Add to list"
            value={listId}
            onChange={(e) => setListId(e.target.value === '' ? '' : Number(e.target.value))}
          >
            <MenuItem value="">No list</MenuItem>
            {lists.map((list) => (
              <MenuItem key={list.id} value={list.id}>
                {list.name}
              </MenuItem>
            ))}
          </TextField>
          {busy && (
            <LinearProgress
              aria-label="Import progress"
              variant={report ? 'determinate' : 'indeterminate'}
              value={report?.progress ?? 0}
            />
          )}
          {error && <Alert severity="error">{error}</Alert>}
          {report && !busy && (
            <Alert
              severity={
                report.status === 'completed' ? 'success' : report.status === 'failed' ? 'error' : 'info'
              }
            >
              {report.status === 'failed'
                ? `Import failed: ${report.message ?? ''}`
                : report.status === 'rolled-back'
                  ? 'Import rolled back'
                  : `Imported: ${report.created} created, ${report.updated} updated, ${report.skipped} skipped`}
            </Alert>
          )}
          {report && report.errors.length > 0 && (
            <>
              <Stack component="ul" sx={{ maxHeight: 160, overflow: 'auto', m: 0 }} aria-label="Row errors">
                {report.errors.map((e) => (
                  <li key={e.row}>
                    Row {e.row}: {e.message}
                  </li>
                ))}
              </Stack>
              <Button
                variant="outlined"
                size="small"
                sx={{ alignSelf: 'flex-start' }}
                onClick={() => saveBlob(badRowsCsv(report.errors), badRowsFileName(file?.name))}
              >
                Download bad rows
              </Button>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {canRollback && (
          <Button color="warning" onClick={() => importer.send({ type: 'import.rollback' })}>
            Roll back import
          </Button>
        )}
        <Button onClick={keep.cancel} disabled={busy}>
          Close
        </Button>
        <Button variant="contained" onClick={handleImport} disabled={!file || busy}>
          Import
        </Button>
      </DialogActions>
    </Dialog>
  );
}
