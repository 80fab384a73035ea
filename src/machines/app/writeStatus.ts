/** Where a one-write-at-a-time machine (team, admin) stands, for the dialog that asked for the write. */
export type WriteStatus = 'idle' | 'busy' | 'succeeded' | 'failed';

type WriteSnapshot = { matches(state: 'idle' | 'succeeded'): boolean; hasTag(tag: 'busy'): boolean };

/** Reads the status from states `idle`, `succeeded`, `failed` and the `busy` tag. */
export const selectWriteStatus = (snapshot: WriteSnapshot | undefined): WriteStatus =>
  !snapshot || snapshot.matches('idle')
    ? 'idle'
    : snapshot.hasTag('busy')
      ? 'busy'
      : snapshot.matches('succeeded')
        ? 'succeeded'
        : 'failed';
