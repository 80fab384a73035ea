import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ensureUser, password, uniqueEmail } from './helpers.ts';

const accountName = (email: string) => `${email.slice(0, email.indexOf('@'))}'s account`;

type Owner = { token: string; accountId: number };

async function ownerSession(request: APIRequestContext, email: string): Promise<Owner> {
  await ensureUser(request, email);
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  const body = await response.json();
  return { token: body.token, accountId: body.accountId };
}

/** Invites a new address through the API; returns the link the owner would hand over. */
async function inviteLink(request: APIRequestContext, owner: Owner, email: string): Promise<string> {
  const response = await request.post(`/api/accounts/${owner.accountId}/users/invite-or-add`, {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { email, roleName: 'User' },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).invitationLink;
}

/** The walkthrough is marked seen, so the joined dashboard shows without the tour on top. */
async function skipTour(page: Page) {
  await page.addInitScript(() => localStorage.setItem('hasSeenWalkthrough', 'true'));
}

test('an invitee whose address has an account signs in on the link’s page and lands in the joined account', async ({
  page,
  request,
}) => {
  const ownerEmail = uniqueEmail('host');
  const owner = await ownerSession(request, ownerEmail);
  const invitee = uniqueEmail('member');
  const link = await inviteLink(request, owner, invitee);
  // The invitee signed up on their own in the meantime (which joins nothing by itself).
  await ensureUser(request, invitee);

  await skipTour(page);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: `Join ${accountName(ownerEmail)}` })).toBeVisible();
  await expect(
    page.getByText(`${accountName(ownerEmail).replace("'s account", '')} invited you to join`),
  ).toBeVisible();
  await expect(
    page.getByText('This address already has an account: sign in to accept the invitation.'),
  ).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(invitee);
  await expect(page.getByLabel('Email')).not.toBeEditable();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page.getByText(`You joined ${accountName(ownerEmail)}`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Account' })).toHaveText(accountName(ownerEmail));
  await expect(page.getByRole('heading', { name: 'Tell us about your business' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/websites$/);
});

test('expired, revoked, used and unknown links say so', async ({ page, request }) => {
  const owner = await ownerSession(request, uniqueEmail('sender'));

  // Revoked by the owner.
  const revokedEmail = uniqueEmail('revoked');
  const revokedLink = await inviteLink(request, owner, revokedEmail);
  const pending = await request.get(`/api/accounts/${owner.accountId}/invitations`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  const { id } = (await pending.json()).find((row: { email: string }) => row.email === revokedEmail);
  const revoke = await request.delete(`/api/accounts/${owner.accountId}/invitations/${id}`, {
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(revoke.status()).toBe(204);
  await page.goto(revokedLink);
  await expect(
    page.getByText('This invitation was withdrawn. Ask the person who invited you for a new one.'),
  ).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveCount(0);

  // Used: taken up once already.
  const usedEmail = uniqueEmail('used');
  const usedLink = await inviteLink(request, owner, usedEmail);
  const signUp = await request.post('/api/auth/register', {
    data: { email: usedEmail, password, invitationToken: usedLink.split('#')[1] },
  });
  expect(signUp.status()).toBe(201);
  // A link differing only in its fragment would not load the page again: leave it first.
  await page.goto('about:blank');
  await page.goto(usedLink);
  await expect(page.getByText('This invitation has already been used.')).toBeVisible();

  // Expired: the server's real answer for a fresh link, as it reads once its 7 days are over.
  const expiredLink = await inviteLink(request, owner, uniqueEmail('expired'));
  await page.route('**/api/invitations/preview', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), state: 'expired' } });
  });
  // A link differing only in its fragment would not load the page again: leave it first.
  await page.goto('about:blank');
  await page.goto(expiredLink);
  await expect(
    page.getByText('This invitation has expired. Ask the person who invited you for a new one.'),
  ).toBeVisible();
  await page.unroute('**/api/invitations/preview');

  // Unknown: a token the server never issued.
  // A link differing only in its fragment would not load the page again: leave it first.
  await page.goto('about:blank');
  await page.goto(`/invite#${'x'.repeat(43)}`);
  await expect(
    page.getByText('This invitation link is not valid. Check that you copied the whole link.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});
