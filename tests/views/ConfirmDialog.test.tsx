import Button from '@mui/material/Button';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { ConfirmDialog } from '../../src/views/common/ConfirmDialog.tsx';
import { useConfirmDelete } from '../../src/views/common/useConfirmDelete.tsx';
import { descriptionOf } from './queries.ts';

/** A row with a Delete button that asks first, as the lists do. */
function Row({ onDelete }: { onDelete: () => unknown }) {
  const confirm = useConfirmDelete();
  return (
    <>
      <Button onClick={() => confirm.ask('lead', 'Delete the lead Hotel Roma?', onDelete)}>Delete</Button>
      {confirm.dialog}
    </>
  );
}

const ask = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  return screen.findByRole('dialog', { name: 'Delete this lead?' });
};
const gone = () =>
  waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this lead?' })).toBeNull());

describe('the in-app delete confirmation', () => {
  test('it names the action: title, the question as its description, Cancel focused and "Delete lead"', async () => {
    render(<Row onDelete={vi.fn()} />);
    const dialog = await ask();
    expect(descriptionOf(dialog)).toBe('Delete the lead Hotel Roma?');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel', 'Delete lead']);
  });

  test('Cancel and Escape close it without deleting', async () => {
    const onDelete = vi.fn();
    render(<Row onDelete={onDelete} />);
    fireEvent.click(within(await ask()).getByRole('button', { name: 'Cancel' }));
    await gone();
    fireEvent.keyDown(await ask(), { key: 'Escape' });
    await gone();
    expect(onDelete).not.toHaveBeenCalled();
  });

  test('a delete that answers at once closes it at once', async () => {
    const onDelete = vi.fn();
    render(<Row onDelete={onDelete} />);
    fireEvent.click(within(await ask()).getByRole('button', { name: 'Delete lead' }));
    await gone();
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  test('a delete in flight keeps it open and busy (no Cancel, no Escape, no second delete) until it is done', async () => {
    let finish = () => {};
    const onDelete = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    render(<Row onDelete={onDelete} />);
    const dialog = await ask();
    fireEvent.click(within(dialog).getByRole('button', { name: /Delete lead/ }));
    await waitFor(() =>
      expect(
        (within(dialog).getByRole('button', { name: /Delete lead/ }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(within(dialog).getByRole('button', { name: /Delete lead/ }));
    expect(screen.getByRole('dialog', { name: 'Delete this lead?' })).toBe(dialog);
    expect(onDelete).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    await gone();
  });

  test('a refused delete closes it too: the caller shows the failure where it shows its others', async () => {
    render(<Row onDelete={() => Promise.reject(new Error('refused'))} />);
    fireEvent.click(within(await ask()).getByRole('button', { name: 'Delete lead' }));
    await gone();
  });

  test('the component alone: its words, its own Cancel wording, and the primary colour for what is not destructive', () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Restore this version?"
        text="The site becomes this version; the current one stays in the history."
        confirmLabel="Restore"
        cancelLabel="Keep the current one"
        destructive={false}
        onConfirm={onConfirm}
        onCancel={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Restore this version?' });
    expect(descriptionOf(dialog)).toBe(
      'The site becomes this version; the current one stays in the history.',
    );
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Keep the current one', 'Restore']);
    const restore = within(dialog).getByRole('button', { name: 'Restore' });
    expect(restore.className).toContain('MuiButton-colorPrimary');
    fireEvent.click(restore);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
