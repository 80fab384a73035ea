import type { RecordedStateValue, SafeValue } from '../../../contracts/replay.ts';

/** A state value as one line: `auth.idle`; parallel regions joined by commas. */
export function formatStateValue(value: RecordedStateValue): string {
  if (typeof value === 'string') return value;
  // A machine without states (toasts) has the empty value.
  if (Object.keys(value).length === 0) return '(no states)';
  return Object.entries(value)
    .map(([region, inner]) => `${region}.${formatStateValue(inner)}`)
    .join(', ');
}

/** A recorded value as short text (absent values read "—"). */
export function formatValue(value: SafeValue | undefined): string {
  if (value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** An event's recorded fields without its type, as `key: value` pairs. */
export function formatEventFields(event: Record<string, SafeValue>): string {
  return Object.entries(event)
    .filter(([key]) => key !== 'type')
    .map(([key, value]) => `${key}: ${formatValue(value)}`)
    .join(', ');
}

/** Milliseconds since the session started, as `+1.2 s` or `+3 min 05 s`. */
export function formatOffset(ms: number): string {
  const seconds = ms / 1000;
  if (seconds < 60) return `+${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `+${minutes} min ${String(Math.floor(seconds % 60)).padStart(2, '0')} s`;
}
