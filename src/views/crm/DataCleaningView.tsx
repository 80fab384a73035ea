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
import { useMemo, useState } from 'react';
import { useContactsPage } from '../../services/crmQueries.ts';
import type { Contact } from '../../services/crmTypes.ts';
import { useCrmActor } from './crmActorContext.ts';

const MERGE_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'company', 'notes'] as const;
type MergeField = (typeof MERGE_FIELDS)[number];

const norm = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Pairs of contacts that look alike: the same full name, or the same phone digits. */
export function findDuplicates(contacts: Contact[]): [Contact, Contact][] {
  const pairs: [Contact, Contact][] = [];
  const seen = new Map<string, Contact>();
  for (const c of contacts) {
    const keys = [
      norm(`${c.firstName}${c.lastName}`) && `name:${norm(`${c.firstName}${c.lastName}`)}`,
      c.phone.replace(/\D/g, '').length >= 6 && `phone:${c.phone.replace(/\D/g, '')}`,
    ];
    for (const key of keys) {
      if (!key) continue;
      const first = seen.get(key);
      if (first && !pairs.some(([a, b]) => a.id === first.id && b.id === c.id)) pairs.push([first, c]);
      else if (!first) seen.set(key, c);
    }
  }
  return pairs;
}

function MergeCard({ pair }: { pair: [Contact, Contact] }) {
  const crm = useCrmActor();
  const [keep, drop] = pair;
  const [choice, setChoice] = useState<Record<MergeField, 0 | 1>>(
    () => Object.fromEntries(MERGE_FIELDS.map((f) => [f, keep[f] ? 0 : 1])) as Record<MergeField, 0 | 1>,
  );
  const handleMerge = () => {
    const input = Object.fromEntries(MERGE_FIELDS.map((f) => [f, pair[choice[f]][f]]));
    crm.send({
      type: 'crm.write',
      write: { kind: 'mergeContacts', keepId: keep.id, dropId: drop.id, input },
    });
  };
  return (
    <Card>
      <CardContent>
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
                <TableCell>{f}</TableCell>
                {pair.map((c, side) => (
                  <TableCell key={c.id}>
                    <Radio
                      size="small"
                      checked={choice[f] === side}
                      onChange={() => setChoice({ ...choice, [f]: side as 0 | 1 })}
                      slotProps={{ input: { 'aria-label': `${f} from #${c.id}` } }}
                    />
                    {c[f]}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Button variant="contained" onClick={handleMerge} sx={{ mt: 1 }}>
          Merge into #{keep.id}
        </Button>
      </CardContent>
    </Card>
  );
}

/** Data Cleaning: likely duplicates among the newest 100 contacts, merged field by field. */
export function DataCleaningView() {
  const contacts = useContactsPage({ page: 1, pageSize: 100 }).data?.contacts ?? [];
  const pairs = useMemo(() => findDuplicates(contacts), [contacts]);
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        Contacts with the same name or the same phone number, among the newest 100. E-mails are unique
        already.
      </Typography>
      {pairs.length === 0 && <Typography>No records found</Typography>}
      {pairs.map((pair) => (
        <MergeCard key={`${pair[0].id}-${pair[1].id}`} pair={pair} />
      ))}
    </Stack>
  );
}
