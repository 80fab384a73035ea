import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import type { NavItem } from '../../src/canvas/ops/pageOps.ts';
import { Themed } from '../../src/views/App.tsx';
import { NavigationDialog } from '../../src/views/builder/NavigationDialog.tsx';

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
});
