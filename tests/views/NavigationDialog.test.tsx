import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import type { NavItem } from '../../src/canvas/ops/pageOps.ts';
import { Themed } from '../../src/views/App.tsx';
import { NavigationDialog } from '../../src/views/builder/NavigationDialog.tsx';
import { clickBesideDialog } from './queries.ts';

const items: NavItem[] = [
  {
    id: 'nav-menu',
    label: 'Menu',
    url: '/menu',
    subMenuWidth: 200,
    children: [
      { id: 'nav-cakes', label: 'Cakes', url: '/menu#cakes' },
      { id: 'nav-bread', label: 'Bread', url: '/menu#bread' },
    ],
  },
];

describe('Edit Navigation', () => {
  test('a sub item can be removed again; Save Changes keeps the others', () => {
    const onSave = vi.fn();
    render(
      <Themed>
        <NavigationDialog open value={items} onClose={() => {}} onSave={onSave} />
      </Themed>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit Navigation' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Cakes' }));

    expect(within(dialog).queryByDisplayValue('Cakes')).toBeNull();
    expect(within(dialog).getByDisplayValue('Bread').getAttribute('value')).toBe('Bread');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(onSave).toHaveBeenCalledWith([
      { ...items[0], children: [{ id: 'nav-bread', label: 'Bread', url: '/menu#bread' }] },
    ]);
  });

  test('Escape or a click beside keeps an edited link and says how to save or discard it; Cancel discards it', () => {
    const onSave = vi.fn();
    /** The dialog as the properties panel opens it: closing sets `open` false. */
    function Opened() {
      const [open, setOpen] = useState(true);
      return <NavigationDialog open={open} value={items} onClose={() => setOpen(false)} onSave={onSave} />;
    }
    render(
      <Themed>
        <Opened />
      </Themed>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit Navigation' });
    fireEvent.change(within(dialog).getByDisplayValue('Menu'), { target: { value: 'Our Menu' } });

    fireEvent.keyDown(dialog, { key: 'Escape' });
    clickBesideDialog();

    const still = screen.getByRole('dialog', { name: 'Edit Navigation' });
    expect(within(still).getByDisplayValue('Our Menu').getAttribute('value')).toBe('Our Menu');
    expect(within(still).getByRole('alert').textContent).toBe(
      'This navigation is not saved: choose Save Changes to keep it, or Cancel to throw it away.',
    );
    fireEvent.click(within(still).getByRole('button', { name: 'Cancel' }));
    expect(onSave).not.toHaveBeenCalled();
  });

  test('unchanged, Escape closes it and a click beside does not', () => {
    const onClose = vi.fn();
    render(
      <Themed>
        <NavigationDialog open value={items} onClose={onClose} onSave={() => {}} />
      </Themed>,
    );
    clickBesideDialog();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Edit Navigation' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { name: 'Edit Navigation' }).textContent).not.toContain('is not saved');
  });
});
