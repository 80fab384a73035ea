import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import {
  type AssistantCommand,
  type CommandContext,
  describeCommand,
  EXAMPLES,
  parseCommand,
} from './assistantCommands.ts';

type Props = {
  context: CommandContext;
  /** Runs the command through the same machine events as the UI; returns what happened. */
  /** What the command did, in words (a promise for commands that read the server). */
  onRun: (command: AssistantCommand) => string | Promise<string>;
};

/** A rule-based command line: what you type is matched against fixed patterns, shown, then run. */
export function CommandPalette({ context, onRun }: Props) {
  const [input, setInput] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  // Run on something unknown: the field's own helper text already says why and what to try, so it turns to an
  // error there (read with the field) instead of saying it a second time below.
  const [refused, setRefused] = useState(false);
  const command = input.trim() ? parseCommand(input, context) : null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!command) return;
    if (command.kind === 'unknown') {
      setResult(null);
      setRefused(true);
      return;
    }
    setInput('');
    Promise.resolve(onRun(command)).then(
      (text) => setResult({ ok: true, text }),
      (error: unknown) =>
        setResult({ ok: false, text: error instanceof Error ? error.message : String(error) }),
    );
  };

  return (
    <Stack component="form" spacing={1} onSubmit={handleSubmit} aria-label="Command palette">
      <TextField
        label="Command"
        value={input}
        onChange={(e) => {
          setInput(e.target.value);
          setResult(null);
          setRefused(false);
        }}
        placeholder="e.g. create website"
        autoComplete="off"
        error={refused}
        helperText={command ? describeCommand(command) : `Commands: ${EXAMPLES.join(' · ')}`}
      />
      <Button type="submit" variant="contained" disabled={!command} sx={{ alignSelf: 'flex-start' }}>
        Run
      </Button>
      {result ? (
        <Alert severity={result.ok ? 'success' : 'info'} role="status">
          {result.text}
        </Alert>
      ) : null}
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        These commands follow fixed rules; nothing here is a language model.
      </Typography>
    </Stack>
  );
}
