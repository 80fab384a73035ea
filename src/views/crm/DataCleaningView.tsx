import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Contact, DuplicateGroup } from '../../contracts/crm.ts';
import { CRM_FIELD_LABELS } from '../../contracts/crmFieldLabels.ts';
import { useDuplicateContacts } from '../../services/crm/crmQueries.ts';
import { ConfirmDialog } from '../common/ConfirmDialog.tsx';
import { useCan } from '../common/useCan.ts';
import { useCrmActor } from './crmActorContext.ts';
import { contactLabel } from './crmFormat.ts';

const MERGE_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'company', 'notes'] as const;
type MergeField = (typeof MERGE_FIELDS)[number];

const REASONS: Record<DuplicateGroup['reason'], string> = {
  email: 'Same email',
  'name+phone': 'Same name and phone',
};

/** What Merge does, said before it is done: which contact is kept and which one goes into it. */
export const mergeSentence = (kept: string, keepId: number, drop: Contact) =>
  `${kept} (#${keepId}) is kept, with the values you chose. 1 contact is merged into it: ` +
  `${contactLabel(drop)} (#${drop.id}), whose tags, lists, deals, activities and leads move to #${keepId}; ` +
  `then #${drop.id} is deleted. This cannot be undone.`;

/** One group of look-alikes: the oldest two side by side, each field taken from either; two at a time. */
function MergeCard({ group }: { group: DuplicateGroup }) {
  const crm = useCrmActor();
  const canEdit = useCan('crm.edit');
  const [keep, drop] = group.contacts as [Contact, Contact];
  const pair: [Contact, Contact] = [keep, drop];
  const [choice, setChoice] = useState<Record<MergeField, 0 | 1>>(
    () => Object.fromEntries(MERGE_FIELDS.map((f) => [f, keep[f] ? 0 : 1])) as Record<MergeField, 0 | 1>,
  );
  const [confirming, setConfirming] = useState(false);
  // The kept contact as it will read, with the values chosen.
  const fields = Object.fromEntries(MERGE_FIELDS.map((f) => [f, pair[choice[f]][f]])) as Record<
    MergeField,
    string
  >;
  const kept = contactLabel(fields);
  const handleMerge = () => {
    setConfirming(false);
    crm.send({
      type: 'crm.write',
      write: { kind: 'mergeContacts', keepId: keep.id, mergeId: drop.id, fields },
    });
  };
  return (
    <Card>
      <CardContent>
        <Typography variant="subtitle1" component="h3">
          {REASONS[group.reason]}: {group.key}
          {group.contacts.length > 2 ? ` (${group.contacts.length} contacts; merged two at a time)` : ''}
        </Typography>
        <Table size="small" aria-label={`Merge ${keep.firstName} ${keep.lastName}`}>
          <TableHead>
            <TableRow>
              <TableCell>Field</TableCell>
              <TableCell>Contact #{keep.id} (kept)</TableCell>
              <TableCell>Contact #{drop.id}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {MERGE_FIELDS.map((f) => (
              <TableRow key={f}>
                <TableCell>{CRM_FIELD_LABELS[f]}</TableCell>
                {pair.map((c, side) => (
                  <TableCell key={c.id}>
                    {canEdit ? (
                      <Radio
                        size="small"
                        checked={choice[f] === side}
                        onChange={() => setChoice({ ...choice, [f]: side as 0 | 1 })}
                        slotProps={{ input: { 'aria-label': `${CRM_FIELD_LABELS[f]} from #${c.id}` } }}
                      />
                    ) : null}
                    {c[f]}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {canEdit ? (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Tags and lists of both are kept; #{drop.id}'s deals, activities and leads move to #{keep.id},
              then #{drop.id} is deleted.
            </Typography>
            <Button variant="contained" onClick={() => setConfirming(true)} sx={{ mt: 1 }}>
              Merge into #{keep.id}
            </Button>
            <ConfirmDialog
              open={confirming}
              title={`Merge into ${kept} (#${keep.id})?`}
              text={mergeSentence(kept, keep.id, drop)}
              confirmLabel="Merge"
              onConfirm={handleMerge}
              onCancel={() => setConfirming(false)}
            />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Data Cleaning: likely duplicates across all contacts (found on the server), merged field by field. */
export function DataCleaningView() {
  const found = useDuplicateContacts();
  const groups = found.data?.groups ?? [];
  const total = found.data?.totalCount ?? 0;
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        Contacts with the same email (in any case), or with the same name and phone number, among all your
        contacts.
        {total > groups.length ? ` Showing ${groups.length} of ${total} groups; merge some to see more.` : ''}
      </Typography>
      {found.isError && <Typography color="error">Failed to refresh contacts</Typography>}
      {found.isSuccess && groups.length === 0 && <Typography>No records found</Typography>}
      {groups.map((group) => (
        <MergeCard
          key={`${group.reason}-${group.key}-${group.contacts.map((c) => c.id).join('-')}`}
          group={group}
        />
      ))}
    </Stack>
  );
}
