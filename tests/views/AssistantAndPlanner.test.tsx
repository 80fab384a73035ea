import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { descriptionOf, rowsOf } from './queries.ts';
import { dashboardInput, dashboardRoutes, renderApp } from './renderApp.tsx';

const slow = { timeout: 10_000 };

function open(label: string) {
  fireEvent.click(
    within(screen.getByRole('navigation', { name: 'Sections' })).getAllByRole('button', { name: label })[0],
  );
}

describe('AI Assistant and content planner', () => {
  test('the assistant keeps the spec’s placeholder and runs "new post" through the planner machine', async () => {
    renderApp(dashboardInput(), {
      ...dashboardRoutes(),
      'GET /api/website': { body: [] },
      'GET /api/social/posts': { body: [] },
    });
    open('AI Assistant');
    const soon = await screen.findByText(/The AI Assistant is coming soon/, {}, slow);
    expect(soon.textContent).toBe(
      'The AI Assistant is coming soon. It will answer questions about your business and help you write content.',
    );
    expect(screen.getByText(/^These commands /).textContent).toBe(
      'These commands follow fixed rules; nothing here is a language model.',
    );

    const command = screen.getByLabelText('Command');
    fireEvent.change(command, { target: { value: 'new post Doors open at 9' } });
    expect(descriptionOf(command)).toBe('New social post: “Doors open at 9”');
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'New post' }, slow));
    expect((dialog.getByLabelText('Text') as HTMLTextAreaElement).value).toBe('Doors open at 9');
    expect(descriptionOf(dialog.getByLabelText('Text'))).toBe('15 / 63206 characters');
  });

  test('"find contact" searches the CRM and says what it found', async () => {
    renderApp(dashboardInput(), {
      ...dashboardRoutes(),
      'GET /api/website': { body: [] },
      'GET /api/crm/contacts': {
        body: {
          contacts: [{ id: 7, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }],
          totalCount: 1,
        },
      },
    });
    open('AI Assistant');
    const command = await screen.findByLabelText('Command', {}, slow);
    fireEvent.change(command, { target: { value: 'find contact Ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    const answer = await screen.findByText(/contact match/, {}, slow);
    expect(answer.textContent).toBe('1 contact match “Ada”: Ada Lovelace · ada@example.com');
  });

  test('a due post nobody could publish says "not connected" in the list', async () => {
    renderApp(dashboardInput(), {
      ...dashboardRoutes(),
      'GET /api/social/posts': {
        body: [
          {
            id: 1,
            channel: 'linkedin',
            text: 'Hiring!',
            imageUrl: null,
            scheduledAt: '2026-01-05T09:00:00.000Z',
            status: 'failed',
            statusNote: 'not connected',
            dueAt: '2026-01-05T09:00:01.000Z',
            createdAt: '',
            updatedAt: '',
          },
        ],
      },
    });
    open('Social Media');
    fireEvent.click(await screen.findByRole('button', { name: 'List' }, slow));
    const table = await screen.findByRole('table', { name: 'Planned posts' });
    expect(rowsOf(table)).toEqual([
      ['When', 'Channel', 'Text', 'Status'],
      [expect.any(String), 'LinkedIn', 'Hiring!', 'failed: not connected'], // when: in the local time zone
    ]);
  });
});

describe('the post editor keeps what was typed', () => {
  test('Escape or a click beside it keeps a typed post and says how to save or discard it; Cancel discards it', async () => {
    renderApp(dashboardInput(), {
      ...dashboardRoutes(),
      'GET /api/website': { body: [] },
      'GET /api/social/posts': { body: [] },
    });
    open('Social Media');
    fireEvent.click(await screen.findByRole('button', { name: 'New post' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'New post' });
    fireEvent.change(within(dialog).getByLabelText('Text'), { target: { value: 'Fresh bread on Friday' } });

    fireEvent.keyDown(dialog, { key: 'Escape' });
    const kept = screen.getByRole('dialog', { name: 'New post' });
    expect((within(kept).getByLabelText('Text') as HTMLTextAreaElement).value).toBe('Fresh bread on Friday');
    expect(within(kept).getByRole('alert').textContent).toBe(
      'This post is not saved: choose Save draft to keep it, or Cancel to throw it away.',
    );
    const backdrop = document.querySelector('.MuiBackdrop-root') as HTMLElement;
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect((within(kept).getByLabelText('Text') as HTMLTextAreaElement).value).toBe('Fresh bread on Friday');

    fireEvent.click(within(kept).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New post' })).toBeNull());
  });

  test('Escape closes an editor nothing was typed in', async () => {
    renderApp(dashboardInput(), {
      ...dashboardRoutes(),
      'GET /api/website': { body: [] },
      'GET /api/social/posts': { body: [] },
    });
    open('Social Media');
    fireEvent.click(await screen.findByRole('button', { name: 'New post' }, slow));
    fireEvent.keyDown(await screen.findByRole('dialog', { name: 'New post' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New post' })).toBeNull());
  });
});
