import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { selectReviewRef } from '../../src/machines/app/appSelectors.ts';
import { clickBesideDialog, descriptionOf } from './queries.ts';
import { dashboardInput, dashboardRoutes, renderApp } from './renderApp.tsx';

const HINT = 'This review is not saved: choose Submit to keep it, or Cancel to throw it away.';

const fieldValue = (field: HTMLElement) => (field as HTMLInputElement | HTMLTextAreaElement).value;

async function openReview() {
  const { system } = renderApp(dashboardInput(), dashboardRoutes());
  fireEvent.click(screen.getByRole('button', { name: 'Leave a review' }));
  await screen.findByRole('dialog', { name: 'Leave a review' }, { timeout: 5000 });
  const review = selectReviewRef(system.actor.getSnapshot());
  return {
    dialog: screen.getByRole('dialog', { name: 'Leave a review' }),
    isOpen: () => review?.getSnapshot().matches('open'),
  };
}

describe('the review popup keeps what was typed', () => {
  test('Escape or a click beside keeps a typed review and its stars and says how to submit or discard it; Cancel discards it', async () => {
    const popup = within((await openReview()).dialog);
    fireEvent.click(popup.getByRole('radio', { name: '4 Stars' }));
    fireEvent.change(popup.getByLabelText('Your review (optional)'), { target: { value: 'Lovely shop' } });

    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Leave a review' }), { key: 'Escape' });
    clickBesideDialog();

    const still = screen.getByRole('dialog', { name: 'Leave a review' });
    expect(fieldValue(within(still).getByLabelText('Your review (optional)'))).toBe('Lovely shop');
    expect((within(still).getByRole('radio', { name: '4 Stars' }) as HTMLInputElement).checked).toBe(true);
    expect(within(still).getByRole('alert').textContent).toBe(HINT);

    fireEvent.click(within(still).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave a review' })).toBeNull());
  });

  test('a typed email alone is kept too', async () => {
    const popup = within((await openReview()).dialog);
    fireEvent.change(popup.getByLabelText('Email (optional)'), { target: { value: 'fan@example.com' } });

    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Leave a review' }), { key: 'Escape' });

    const still = screen.getByRole('dialog', { name: 'Leave a review' });
    expect(fieldValue(within(still).getByLabelText('Email (optional)'))).toBe('fan@example.com');
    expect(still.textContent).toContain(HINT);
  });

  test('with nothing typed, a click beside does not close it and Escape does, without the hint', async () => {
    const { isOpen } = await openReview();
    clickBesideDialog();
    expect(isOpen()).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Leave a review' }).textContent).not.toContain(HINT);

    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Leave a review' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave a review' })).toBeNull());
  });
});

describe('the review popup checks the optional email before sending', () => {
  test('a malformed address is named at the field and not sent (it came back as "Data Issue" and "Failed to submit review")', async () => {
    const { dialog } = await openReview();
    const popup = within(dialog);
    fireEvent.click(popup.getByRole('radio', { name: '5 Stars' }));
    const email = popup.getByLabelText('Email (optional)');
    fireEvent.change(email, { target: { value: 'fan at example' } });

    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Enter a valid email address',
    );
    expect((popup.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(email, { target: { value: ' fan@example.com ' } });
    expect(email.getAttribute('aria-describedby')).toBeNull();
    expect((popup.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('the review text’s length', () => {
  test('counts toward the API’s 2000 characters; a longer text says to shorten it and cannot be submitted', async () => {
    const popup = within((await openReview()).dialog);
    const text = popup.getByLabelText('Your review (optional)');
    fireEvent.click(popup.getByRole('radio', { name: '2 Stars' }));
    // Counted as the server counts it: the spaces around are not sent.
    fireEvent.change(text, { target: { value: `  ${'a'.repeat(2000)}  ` } });
    expect(descriptionOf(text)).toBe('2000 / 2000 characters');
    const submit = popup.getByRole('button', { name: 'Submit' });
    expect(submit.hasAttribute('disabled')).toBe(false);

    fireEvent.change(text, { target: { value: 'a'.repeat(3000) } });
    expect(descriptionOf(text)).toBe('3000 / 2000 characters: shorten the review to submit it');
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(submit.hasAttribute('disabled')).toBe(true);
  });
});

describe('the thank-you', () => {
  async function submitWith(creditsAwarded: number) {
    renderApp(dashboardInput(), {
      ...dashboardRoutes(),
      'POST /api/review': { status: 201, body: { creditsAwarded } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Leave a review' }));
    const popup = within(await screen.findByRole('dialog', { name: 'Leave a review' }, { timeout: 5000 }));
    fireEvent.click(popup.getByRole('radio', { name: '5 Stars' }));
    fireEvent.click(popup.getByRole('button', { name: 'Submit' }));
    return (await screen.findByRole('status', {}, { timeout: 5000 })).textContent;
  }

  test('a first review says the credits it earned', async () => {
    expect(await submitWith(10)).toBe('Thank you for your review!You earned 10 credits.');
  });

  test('a later review says why it earned none', async () => {
    expect(await submitWith(0)).toBe(
      'Thank you for your review!Credits are given for your first review only: this one is thanks enough.',
    );
  });
});
