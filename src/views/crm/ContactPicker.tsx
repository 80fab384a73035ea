import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useContactsPage } from '../../services/crm/crmQueries.ts';
import { useDebounced } from '../common/useDebounced.ts';
import { contactLabel } from './crmFormat.ts';

/** A chosen contact: its id and the words that name it. */
export type ContactChoice = { id: number; label: string };

type Props = {
  label: string;
  value: ContactChoice | null;
  onChange: (value: ContactChoice | null) => void;
  disabled?: boolean;
};

/** Picks one of the account's contacts, searched on the server as you type (any number of contacts). */
export function ContactPicker({ label, value, onChange, disabled = false }: Props) {
  const [input, setInput] = useState('');
  const search = useDebounced(input, 300);
  // While the box shows the chosen contact's name, list everyone rather than only that name.
  const query = value && input === value.label ? '' : search;
  const page = useContactsPage({ page: 1, pageSize: 20, search: query });
  const options: ContactChoice[] = (page.data?.contacts ?? []).map((c) => ({
    id: c.id,
    label: contactLabel(c) + (c.email && contactLabel(c) !== c.email ? ` · ${c.email}` : ''),
  }));
  return (
    <Autocomplete<ContactChoice>
      options={options}
      value={value}
      disabled={disabled}
      onChange={(_, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(all) => all}
      loading={page.isFetching}
      noOptionsText="No records found"
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
