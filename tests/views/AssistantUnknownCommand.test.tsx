import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { descriptionOf } from './queries.ts';
import { dashboardInput, dashboardRoutes, renderApp } from './renderApp.tsx';

const HINT =
  'Not a command I know. Try: create website · open <website name> · go to social media · new post Grand opening on Saturday!';

describe('AI Assistant: a command it does not know', () => {
  test('Enter on "hello" says so once, as the field’s helper text, and marks the field', async () => {
    renderApp(
      { ...dashboardInput(), location: { pathname: '/assistant', search: '' } },
      { ...dashboardRoutes(), 'GET /api/website': { body: [] } },
    );
    const command = await screen.findByLabelText('Command', {}, { timeout: 10_000 });
    fireEvent.change(command, { target: { value: 'hello' } });
    fireEvent.submit(command.closest('form') as HTMLFormElement);

    expect(screen.getAllByText(/^Not a command I know/).map((hint) => hint.textContent)).toEqual([HINT]);
    expect(descriptionOf(command)).toBe(HINT);
    expect(command.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('status')).toBeNull();

    // Typing again clears the mark.
    fireEvent.change(command, { target: { value: 'hello!' } });
    expect(command.getAttribute('aria-invalid')).toBe('false');
  });
});
