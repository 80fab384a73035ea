import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { selectPasswordFormRef } from '../../src/machines/app/appSelectors.ts';
import { descriptionOf, findToast, rowOf, rowsOf, textsOf } from './queries.ts';
import { dashboardInput, dashboardRoutes, type Routes, rawBob, renderApp } from './renderApp.tsx';

const members = [
  {
    id: 1,
    userId: 'u2',
    userName: 'Bob',
    userEmail: 'bob@example.com',
    roleName: 'Admin',
    joinedAt: '2025-01-01T10:00:00Z',
  },
  {
    id: 2,
    userId: 7,
    userName: 'Cleo',
    userEmail: 'cleo@example.com',
    roleName: 'User',
    joinedAt: '2025-01-02T10:00:00Z',
  },
];

function teamRoutes(extra: Routes = {}): Routes {
  return {
    ...dashboardRoutes(),
    'GET /api/accounts/a1/users': { body: members },
    'GET /api/accounts/a1/invitations': { body: [] },
    'GET /api/accounts/a1/roles': {
      body: [
        { id: 1, name: 'User' },
        { id: 2, name: 'Admin' },
        { id: 3, name: 'Editor' },
      ],
    },
    ...extra,
  };
}

// The first section to load the data grid waits for its chunk: longer than findBy's default second.
const slow = { timeout: 10_000 };

function open(label: 'Teams' | 'Accounts' | 'Permissions') {
  const nav = within(screen.getByRole('navigation', { name: 'Sections' }));
  fireEvent.click(nav.getByRole('button', { name: 'Settings' }));
  fireEvent.click(nav.getByRole('button', { name: label }));
}

describe('Account Settings', () => {
  test('Teams opens the Users tab: the current account’s users, with roles an Admin can change', async () => {
    const { requests } = renderApp(
      dashboardInput(),
      teamRoutes({ 'POST /api/accounts/a1/users/7': { body: members[1] } }),
    );
    open('Teams');

    await screen.findByRole('heading', { name: 'Account Settings' }, slow);
    expect(textsOf(screen.getAllByRole('heading', { level: 2 }))).toEqual(['Account Settings']);
    expect(textsOf(screen.getAllByRole('tab'))).toEqual(['Profile', 'Users']);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Users');
    const users = await screen.findByRole('grid');
    await within(users).findByText('cleo@example.com');
    // Each member with the role an Admin can change; dates in the local time zone.
    expect(rowsOf(users)).toEqual([
      ['Name', 'Email', 'Role', 'Joined', ''],
      // Bob is the account's only Admin: his Remove is not offered, and its tooltip says why.
      [
        'Bob',
        'bob@example.com',
        'Admin',
        expect.any(String),
        'An account needs at least one Admin Remove bob@example.com',
      ],
      ['Cleo', 'cleo@example.com', 'User', expect.any(String), 'Remove from account Remove cleo@example.com'],
    ]);
    expect(screen.getByText(/^Users of /).textContent).toBe('Users of Bob Ltd');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Role of cleo@example.com' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Admin' }));

    expect(await findToast('Role updated')).toEqual({ role: 'status', lines: ['Role updated'] });
    const change = requests.find((r) => r.method === 'POST' && r.url.endsWith('/api/accounts/a1/users/7'));
    expect(await change?.json()).toEqual({ roleName: 'Admin' });
    // The first test of the file loads the section, the data grid and the select cold: on a loaded machine that
    // alone can take most of the default 15 s, so this one waits longer (no timing is asserted).
  }, 40_000);

  test('the only Admin is offered neither Remove nor another role (the server refuses both), and is told why', async () => {
    renderApp(dashboardInput(), teamRoutes());
    open('Teams');
    const users = await screen.findByRole('grid', {}, slow);
    await within(users).findByText('cleo@example.com');
    const remove = (email: string) => within(users).getByRole('button', { name: `Remove ${email}` });

    expect(remove('bob@example.com').hasAttribute('disabled')).toBe(true);
    expect(descriptionOf(remove('bob@example.com'))).toBe('An account needs at least one Admin');
    expect(remove('cleo@example.com').hasAttribute('disabled')).toBe(false);
    expect(remove('cleo@example.com').getAttribute('aria-describedby')).toBeNull();
    const bobsRole = within(users).getByRole('combobox', { name: 'Role of bob@example.com' });
    expect(descriptionOf(bobsRole)).toBe('An account needs at least one Admin');
    fireEvent.mouseDown(bobsRole);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => [option.textContent, option.getAttribute('aria-disabled')])).toEqual([
      ['User', 'true'],
      ['Admin', null],
      ['Viewer', 'true'],
    ]);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
  });

  test('with a second Admin, either Admin may be removed', async () => {
    const twoAdmins = members.map((member) => ({ ...member, roleName: 'Admin' }));
    renderApp(dashboardInput(), teamRoutes({ 'GET /api/accounts/a1/users': { body: twoAdmins } }));
    open('Teams');
    const users = await screen.findByRole('grid', {}, slow);
    await within(users).findByText('cleo@example.com');
    for (const email of ['bob@example.com', 'cleo@example.com']) {
      const remove = within(users).getByRole('button', { name: `Remove ${email}` });
      expect([remove.hasAttribute('disabled'), remove.getAttribute('aria-describedby')]).toEqual([
        false,
        null,
      ]);
    }
  });

  test('Pending invitations: every control of the table’s header is named (the Revoke column had a bare " column menu")', async () => {
    renderApp(
      dashboardInput(),
      teamRoutes({
        'GET /api/accounts/a1/invitations': {
          body: [
            {
              id: 5,
              email: 'dan@example.com',
              roleName: 'User',
              invitedBy: 'Bob',
              createdAt: '2025-01-03T10:00:00Z',
              expiresAt: '2025-01-10T10:00:00Z',
              expired: false,
            },
          ],
        },
      }),
    );
    open('Teams');
    const pending = await screen.findByRole('grid', { name: 'Pending invitations' }, slow);
    const [header] = within(pending).getAllByRole('row');
    // The header's buttons show on hover: hidden from a query that only finds what is shown.
    const names = within(header!)
      .queryAllByRole('button', { hidden: true })
      .map((button) => button.getAttribute('aria-label') ?? '');
    // Each column menu is named after its column; the Revoke column has nothing to sort, filter or hide.
    expect(names.filter((name) => name.endsWith('column menu'))).toEqual([
      'Email column menu',
      'Role column menu',
      'Invited by column menu',
      'Valid until column menu',
    ]);
    const revokeColumn = within(header!).getAllByRole('columnheader').at(-1)!;
    expect(within(revokeColumn).queryAllByRole('button', { hidden: true })).toEqual([]);
    expect(rowOf(within(pending).getByText('dan@example.com')).at(-1)).toBe('Revoke');
  });

  test('an empty user table says "No users found"', async () => {
    renderApp(dashboardInput(), teamRoutes({ 'GET /api/accounts/a1/users': { body: [] } }));
    open('Teams');
    const empty = await screen.findByText('No users found', {}, slow);
    // Only the header row (an Admin's last column holds the Remove buttons): the message stands in for the rows.
    expect(rowsOf(empty.closest('table, [role="grid"]') as HTMLElement)).toEqual([
      ['Name', 'Email', 'Role', 'Joined', ''],
    ]);
  });

  test('Add User to Account: an existing user is added ("User added successfully")', async () => {
    const { requests } = renderApp(
      dashboardInput(),
      teamRoutes({ 'POST /api/accounts/a1/users/invite-or-add': { body: { wasExistingUser: true } } }),
    );
    open('Teams');
    fireEvent.click(await screen.findByRole('button', { name: 'Add User' }, slow));
    const dialog = within(screen.getByRole('dialog', { name: 'Add User to Account' }));

    fireEvent.click(dialog.getByRole('button', { name: 'Add' }));
    expect(descriptionOf(dialog.getByLabelText(/Email/))).toBe('Email is required');
    fireEvent.change(dialog.getByLabelText(/Email/), { target: { value: 'dan@example.com' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add' }));

    expect(await findToast('User added successfully')).toEqual({
      role: 'status',
      lines: ['User added successfully'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add User to Account' })).toBeNull());
    const sent = requests.find((r) => r.url.endsWith('/invite-or-add'));
    expect(await sent?.json()).toEqual({ email: 'dan@example.com', roleName: 'User' });
  });

  test('Add User to Account: Escape keeps a typed address and says how to add or discard it; untouched, Escape closes it', async () => {
    renderApp(dashboardInput(), teamRoutes());
    open('Teams');
    fireEvent.click(await screen.findByRole('button', { name: 'Add User' }, slow));
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Add User to Account' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add User to Account' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add User to Account' }));
    fireEvent.change(dialog.getByLabelText(/Email/), { target: { value: 'dan@example.com' } });
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Add User to Account' }), { key: 'Escape' });

    const still = within(screen.getByRole('dialog', { name: 'Add User to Account' }));
    expect((still.getByLabelText(/Email/) as HTMLInputElement).value).toBe('dan@example.com');
    expect(still.getByRole('alert').textContent).toBe(
      'This user is not added: choose Add to add them, or Cancel to throw away what you typed.',
    );
    fireEvent.click(still.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add User to Account' })).toBeNull());
  });

  test('a new address gets an invitation whose link is shown ("Invitation sent successfully")', async () => {
    renderApp(
      dashboardInput(),
      teamRoutes({
        'POST /api/accounts/a1/users/invite-or-add': {
          body: {
            wasExistingUser: false,
            invitationLink: 'http://localhost/invite#abc',
            expiresAt: '2030-01-08T00:00:00Z',
          },
        },
      }),
    );
    open('Teams');
    fireEvent.click(await screen.findByRole('button', { name: 'Add User' }, slow));
    const dialog = within(screen.getByRole('dialog', { name: 'Add User to Account' }));
    fireEvent.change(dialog.getByLabelText(/Email/), { target: { value: 'eve@example.com' } });
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: 'Role' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Admin' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Add' }));

    expect(await findToast('Invitation sent successfully')).toEqual({
      role: 'status',
      lines: ['Invitation sent successfully'],
    });
    expect(((await dialog.findByLabelText('Invitation link')) as HTMLInputElement).value).toBe(
      'http://localhost/invite#abc',
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add User to Account' })).toBeNull());
  });

  test('adding someone already in the account says so, in one toast (not "API Error: Conflict" beside it)', async () => {
    renderApp(
      dashboardInput(),
      teamRoutes({
        'POST /api/accounts/a1/users/invite-or-add': {
          status: 409,
          body: { message: 'This user is already a member of this account' },
        },
      }),
    );
    open('Teams');
    fireEvent.click(await screen.findByRole('button', { name: 'Add User' }, slow));
    const dialog = within(screen.getByRole('dialog', { name: 'Add User to Account' }));
    fireEvent.change(dialog.getByLabelText(/Email/), { target: { value: 'cleo@example.com' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add' }));

    expect(await findToast('Failed to add user')).toEqual({
      role: 'alert',
      lines: ['Failed to add user', 'This user is already a member of this account'],
    });
    expect(screen.queryByText('API Error: Conflict')).toBeNull();
    const still = screen.getByRole('dialog', { name: 'Add User to Account' });
    expect((within(still).getByLabelText(/Email/) as HTMLInputElement).value).toBe('cleo@example.com');
  });

  test('a refused add toasts "Failed to add user" and keeps the dialog open', async () => {
    renderApp(
      dashboardInput(),
      teamRoutes({
        'POST /api/accounts/a1/users/invite-or-add': {
          status: 403,
          body: { message: 'Only an Admin of this account can do this' },
        },
      }),
    );
    open('Teams');
    fireEvent.click(await screen.findByRole('button', { name: 'Add User' }, slow));
    const dialog = within(screen.getByRole('dialog', { name: 'Add User to Account' }));
    fireEvent.change(dialog.getByLabelText(/Email/), { target: { value: 'x@example.com' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add' }));

    expect(await findToast('Failed to add user')).toEqual({ role: 'alert', lines: ['Failed to add user'] });
    // The 403 also raises the catalogue's toast.
    expect(await findToast('Access Denied')).toEqual({
      role: 'alert',
      lines: ['Access Denied', 'You do not have permission to perform this action'],
    });
    const still = screen.getByRole('dialog', { name: 'Add User to Account' });
    expect((within(still).getByLabelText(/Email/) as HTMLInputElement).value).toBe('x@example.com');
  });

  test('the Profile tab: name and email required, the role read-only', async () => {
    renderApp(dashboardInput(), teamRoutes());
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'User Settings' }));

    const form = within(await screen.findByRole('form', { name: 'Profile' }, slow));
    expect((form.getByLabelText('Role') as HTMLInputElement).readOnly).toBe(true);
    fireEvent.change(form.getByLabelText(/Name/), { target: { value: ' ' } });
    fireEvent.click(form.getByRole('button', { name: 'Save profile' }));
    expect(descriptionOf(form.getByLabelText(/Name/))).toBe('Name is required');
  });

  function openProfile() {
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'User Settings' }));
    return screen.findByRole('form', { name: 'Profile' }, slow);
  }
  // The helper text a field points to (what a screen reader reads after its label).
  const descriptionOf = (field: HTMLElement) =>
    document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
  const bodyOf = async (requests: Request[]) =>
    requests.find((r) => r.method === 'PUT' && r.url.endsWith('/api/user/profile'))?.json();

  test('a look at the Users tab with typed changes asks first: Stay keeps them; once saved, the tab changes at once', async () => {
    const { requests } = renderApp(
      dashboardInput(),
      teamRoutes({ 'PUT /api/user/profile': { body: { ...rawBob, name: 'Bobby' } } }),
    );
    const form = within(await openProfile());
    fireEvent.change(form.getByLabelText(/Name/), { target: { value: 'Bobby' } });
    fireEvent.change(form.getByLabelText(/Email/), { target: { value: 'bobby@example.com' } });

    fireEvent.click(screen.getByRole('tab', { name: 'Users' }));
    const ask = within(await screen.findByRole('dialog', { name: 'Leave without saving?' }));
    fireEvent.click(ask.getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull());
    expect((form.getByLabelText(/Name/) as HTMLInputElement).value).toBe('Bobby');
    expect((form.getByLabelText(/Email/) as HTMLInputElement).value).toBe('bobby@example.com');

    fireEvent.change(form.getByLabelText(/Email/), { target: { value: 'bob@example.com' } });
    fireEvent.click(form.getByRole('button', { name: 'Save profile' }));
    expect((await screen.findByText(/^Profile updated/)).textContent).toBe('Profile updated successfully');
    expect(await bodyOf(requests)).toEqual({ name: 'Bobby', email: 'bob@example.com' });

    fireEvent.click(screen.getByRole('tab', { name: 'Users' }));
    await screen.findByRole('heading', { name: /^Users of/ }, slow);
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Profile' }));
    const back = within(await screen.findByRole('form', { name: 'Profile' }, slow));
    expect((back.getByLabelText(/Name/) as HTMLInputElement).value).toBe('Bobby');
  });

  test('a name-only change asks for no password and sends none', async () => {
    const { requests } = renderApp(
      dashboardInput(),
      teamRoutes({ 'PUT /api/user/profile': { body: { ...rawBob, name: 'Bobby' } } }),
    );
    const form = within(await openProfile());
    expect(form.queryByLabelText(/Current password/)).toBeNull();
    fireEvent.change(form.getByLabelText(/Name/), { target: { value: 'Bobby' } });
    // The same address in another case is not a change.
    fireEvent.change(form.getByLabelText(/Email/), { target: { value: 'BOB@example.com' } });
    expect(form.queryByLabelText(/Current password/)).toBeNull();
    fireEvent.click(form.getByRole('button', { name: 'Save profile' }));

    expect((await screen.findByText(/^Profile updated/)).textContent).toBe('Profile updated successfully');
    expect(await bodyOf(requests)).toEqual({ name: 'Bobby', email: 'BOB@example.com' });
  });

  test('an email another account already uses: the server’s words in the form, not "API Error: Conflict"', async () => {
    renderApp(
      dashboardInput(),
      teamRoutes({
        'PUT /api/user/profile': {
          status: 409,
          body: { message: 'An account with this email already exists' },
        },
      }),
    );
    const form = within(await openProfile());
    fireEvent.change(form.getByLabelText(/Email/), { target: { value: 'cleo@example.com' } });
    fireEvent.change(form.getByLabelText(/Current password/), { target: { value: 'secret123' } });
    fireEvent.click(form.getByRole('button', { name: 'Save profile' }));

    expect((await form.findByRole('alert')).textContent).toBe('An account with this email already exists');
    expect((await screen.findByText(/^Failed to update/)).textContent).toBe('Failed to update profile');
    expect(screen.queryByText('API Error: Conflict')).toBeNull();
    expect((form.getByLabelText(/Email/) as HTMLInputElement).value).toBe('cleo@example.com');
  });

  test('a new email asks for the current password; a wrong one shows the server’s words and keeps what was typed', async () => {
    const { requests } = renderApp(
      dashboardInput(),
      teamRoutes({
        'PUT /api/user/profile': { status: 403, body: { message: 'Current password is incorrect' } },
      }),
    );
    const form = within(await openProfile());
    fireEvent.change(form.getByLabelText(/Email/), { target: { value: 'robert@example.com' } });
    const password = form.getByLabelText(/Current password/) as HTMLInputElement;
    expect(password.type).toBe('password');
    expect(descriptionOf(password)).toBe('Needed to change the email you sign in with.');

    fireEvent.click(form.getByRole('button', { name: 'Save profile' }));
    expect(descriptionOf(password)).toBe('Enter your current password to change your email');
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);

    fireEvent.change(password, { target: { value: 'not-it' } });
    fireEvent.click(form.getByRole('button', { name: 'Save profile' }));

    expect((await form.findByRole('alert')).textContent).toBe('Current password is incorrect');
    expect((await screen.findByText(/^Failed to update/)).textContent).toBe('Failed to update profile');
    // The form's own message replaces the generic "Access Denied" toast.
    expect(screen.queryByText('Access Denied')).toBeNull();
    expect(await bodyOf(requests)).toEqual({
      name: 'Bob',
      email: 'robert@example.com',
      currentPassword: 'not-it',
    });
    expect((form.getByLabelText(/Email/) as HTMLInputElement).value).toBe('robert@example.com');
    expect((form.getByLabelText(/Current password/) as HTMLInputElement).value).toBe('not-it');

    // The next Save stopped by the form's own check says only that: the server's last words no longer apply.
    fireEvent.change(form.getByLabelText(/Email/), { target: { value: 'robert@' } });
    fireEvent.click(form.getByRole('button', { name: 'Save profile' }));
    expect(descriptionOf(form.getByLabelText(/Email/))).toBe('Enter a valid email address');
    expect(form.queryByRole('alert')).toBeNull();
  });

  test('a new email with the right password is saved with it', async () => {
    const { requests } = renderApp(
      dashboardInput(),
      teamRoutes({ 'PUT /api/user/profile': { body: { ...rawBob, email: 'robert@example.com' } } }),
    );
    const form = within(await openProfile());
    fireEvent.change(form.getByLabelText(/Email/), { target: { value: 'robert@example.com' } });
    fireEvent.change(form.getByLabelText(/Current password/), { target: { value: 'secret-pass' } });
    fireEvent.click(form.getByRole('button', { name: 'Save profile' }));

    expect((await screen.findByText(/^Profile updated/)).textContent).toBe('Profile updated successfully');
    expect(await bodyOf(requests)).toEqual({
      name: 'Bob',
      email: 'robert@example.com',
      currentPassword: 'secret-pass',
    });
    // Saved: the address is now the current one, so the password is no longer asked for.
    await waitFor(() => expect(form.queryByLabelText(/Current password/)).toBeNull());
  });
});

describe('Account Management', () => {
  test('lists the accounts with their status; a chosen account shows its users and the server’s roles', async () => {
    renderApp(dashboardInput(), teamRoutes());
    open('Accounts');

    await screen.findByRole('heading', { name: 'Account Management' }, slow);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Account Management');
    const grid = within(await screen.findByRole('grid', { name: 'Accounts' }));
    fireEvent.click(await grid.findByText('Bob Ltd'));
    const detail = within(await screen.findByRole('region', { name: 'Account Bob Ltd' }));
    expect(detail.getAllByText('Active').length).toBeGreaterThan(0);
    expect(rowOf(await detail.findByText('cleo@example.com'))).toEqual([
      'Cleo',
      'cleo@example.com',
      'User',
      expect.any(String), // joined, in the local time zone
      'Remove from account Remove cleo@example.com', // the icon button: its tooltip and its name
    ]);

    fireEvent.click(detail.getByRole('button', { name: 'Add Existing User' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add Existing User' }));
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: 'Role' }));
    // The roles as the server lists them, not a fixed set.
    expect(textsOf(within(screen.getByRole('listbox')).getAllByRole('option'))).toEqual([
      'User',
      'Admin',
      'Editor',
    ]);
  });

  test('Add Existing User with an address no user has: the server’s words beside the address, kept as typed; nobody is invited', async () => {
    const said = 'No user has this email address. To invite someone new, use Add User.';
    const invitation = {
      wasExistingUser: false,
      invitationLink: 'http://localhost/invite#abc',
      expiresAt: '2030-01-08T00:00:00Z',
    };
    const { requests } = renderApp(
      dashboardInput(),
      teamRoutes({
        // Sometimes read on the way (a prefetch): answered, so any "API Error" seen here is the add's.
        'GET /api/website': { body: [] },
        // As the server answers: an existing-users-only add of an unknown address is refused, any other invites.
        'POST /api/accounts/a1/users/invite-or-add': async (request) => {
          const body = (await request.json()) as { existingOnly?: boolean };
          return body.existingOnly ? { status: 404, body: { message: said } } : { body: invitation };
        },
      }),
    );
    open('Accounts');
    const grid = within(await screen.findByRole('grid', { name: 'Accounts' }, slow));
    fireEvent.click(await grid.findByText('Bob Ltd'));
    const detail = within(await screen.findByRole('region', { name: 'Account Bob Ltd' }));
    fireEvent.click(await detail.findByRole('button', { name: 'Add Existing User' }, slow));
    const dialog = within(screen.getByRole('dialog', { name: 'Add Existing User' }));
    fireEvent.change(dialog.getByLabelText(/Email/), { target: { value: 'dna@example.com' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add' }));

    expect((await dialog.findByRole('alert')).textContent).toBe(said);
    expect(descriptionOf(dialog.getByLabelText(/Email/))).toBe(said);
    expect((dialog.getByLabelText(/Email/) as HTMLInputElement).value).toBe('dna@example.com');
    expect(dialog.queryByLabelText('Invitation link')).toBeNull();
    expect(await findToast('Failed to add user')).toEqual({ role: 'alert', lines: ['Failed to add user'] });
    expect(screen.queryByText('Invitation sent successfully')).toBeNull();
    expect(screen.queryByText('User added successfully')).toBeNull();
    expect(screen.queryByText(/^API Error/)).toBeNull();
    const sent = requests.find((r) => r.url.endsWith('/invite-or-add'));
    expect(await sent?.json()).toEqual({ email: 'dna@example.com', roleName: 'User', existingOnly: true });

    // Add User to Account still invites a new address.
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Existing User' })).toBeNull());
    fireEvent.click(detail.getByRole('button', { name: 'Add User' }));
    const addUser = within(screen.getByRole('dialog', { name: 'Add User to Account' }));
    fireEvent.change(addUser.getByLabelText(/Email/), { target: { value: 'dna@example.com' } });
    fireEvent.click(addUser.getByRole('button', { name: 'Add' }));
    expect(await findToast('Invitation sent successfully')).toEqual({
      role: 'status',
      lines: ['Invitation sent successfully'],
    });
    expect(((await addUser.findByLabelText('Invitation link')) as HTMLInputElement).value).toBe(
      invitation.invitationLink,
    );
  });

  test('a chosen account has its own address: a reload opens it again', async () => {
    const first = renderApp(dashboardInput(), teamRoutes());
    open('Accounts');
    const grid = within(await screen.findByRole('grid', { name: 'Accounts' }, slow));
    fireEvent.click(await grid.findByText('Bob Ltd'));
    await screen.findByRole('region', { name: 'Account Bob Ltd' });
    expect(`${window.location.pathname}${window.location.search}`).toBe('/settings/accounts?account=a1');
    first.unmount();
    first.system.actor.stop();

    // A reload of that address.
    renderApp(
      { ...dashboardInput(), location: { pathname: '/settings/accounts', search: '?account=a1' } },
      teamRoutes(),
    );
    const detail = within(await screen.findByRole('region', { name: 'Account Bob Ltd' }, slow));
    expect(rowOf(await detail.findByText('cleo@example.com')).slice(0, 3)).toEqual([
      'Cleo',
      'cleo@example.com',
      'User',
    ]);
    // Still the Accounts page of Settings.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Accounts');
  });

  test('Create New Account: name and industry required, description optional', async () => {
    const { requests } = renderApp(
      dashboardInput(),
      teamRoutes({
        'POST /api/accounts': {
          status: 201,
          body: { id: 'a2', name: 'Side Gig', industry: 'retail', description: '', isActive: true },
        },
      }),
    );
    open('Accounts');
    fireEvent.click(await screen.findByRole('button', { name: 'Create New Account' }, slow));
    const dialog = within(screen.getByRole('dialog', { name: 'Create New Account' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Create' }));
    expect(descriptionOf(dialog.getByLabelText(/Account name/))).toBe('Name is required');
    expect(descriptionOf(dialog.getByRole('combobox', { name: /Industry/ }))).toBe('Industry is required');
    // The description is optional: no complaint about it.
    expect(descriptionOf(dialog.getByLabelText(/Description/))).toBeNull();
    expect(dialog.getByLabelText(/Description/).getAttribute('aria-invalid')).toBe('false');

    fireEvent.change(dialog.getByLabelText(/Account name/), { target: { value: 'Side Gig' } });
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: /Industry/ }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Retail' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Create' }));

    expect(await findToast('Account created successfully')).toEqual({
      role: 'status',
      lines: ['Account created successfully'],
    });
    const sent = requests.find((r) => r.method === 'POST' && r.url.endsWith('/api/accounts'));
    expect(await sent?.json()).toEqual({ name: 'Side Gig', industry: 'retail', description: '' });
  });

  test('Create New Account keeps what was typed when it closes, until the account is created', async () => {
    renderApp(
      dashboardInput(),
      teamRoutes({
        'POST /api/accounts': {
          status: 201,
          body: { id: 'a2', name: 'Side Gig', industry: 'retail', description: 'Weekend', isActive: true },
        },
      }),
    );
    open('Accounts');
    const openDialog = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Create New Account' }, slow));
      return within(screen.getByRole('dialog', { name: 'Create New Account' }));
    };
    const fields = (dialog: ReturnType<typeof within>) => [
      (dialog.getByLabelText(/Account name/) as HTMLInputElement).value,
      (dialog.getByLabelText(/Description/) as HTMLTextAreaElement).value,
    ];
    let dialog = await openDialog();
    fireEvent.change(dialog.getByLabelText(/Account name/), { target: { value: 'Side Gig' } });
    fireEvent.change(dialog.getByLabelText(/Description/), { target: { value: 'Weekend' } });
    // A stray click beside it (a tap on a phone) leaves it open, as every form dialog does.
    const backdrop = document.querySelector('.MuiBackdrop-root') as HTMLElement;
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    // Longer than its closing transition (195 ms): still open.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fields(within(screen.getByRole('dialog', { name: 'Create New Account' })))).toEqual([
      'Side Gig',
      'Weekend',
    ]);
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Create New Account' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create New Account' })).toBeNull());

    dialog = await openDialog();
    expect(fields(dialog)).toEqual(['Side Gig', 'Weekend']);

    // Another section and back: still there.
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create New Account' })).toBeNull());
    open('Teams');
    await screen.findByRole('heading', { name: 'Account Settings' }, slow);
    open('Accounts');
    dialog = await openDialog();
    expect(fields(dialog)).toEqual(['Side Gig', 'Weekend']);

    // Created: the next account starts from empty fields.
    fireEvent.mouseDown(dialog.getByRole('combobox', { name: /Industry/ }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Retail' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await findToast('Account created successfully');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create New Account' })).toBeNull());
    expect(fields(await openDialog())).toEqual(['', '']);
  });

  test('Permissions shows what each account role allows, as the server says', async () => {
    renderApp(
      dashboardInput(),
      teamRoutes({
        'GET /api/permissions': {
          body: {
            roles: ['User', 'Admin'],
            permissions: [
              {
                id: 'members.add',
                label: 'Add existing users and invite new ones',
                roles: { User: false, Admin: true },
              },
            ],
          },
        },
      }),
    );
    open('Permissions');
    const table = await screen.findByRole('table', { name: 'Account roles' }, slow);
    expect(rowsOf(table)).toEqual([
      ['Permission', 'User', 'Admin'],
      ['Add existing users and invite new ones', 'Not allowed', 'Allowed'],
    ]);
  });
});

describe('Password Change', () => {
  test('a wrong current password gets the form’s message alone, not also the generic data toast', async () => {
    const input = dashboardInput();
    const { requests } = renderApp(
      { ...input, location: { pathname: '/settings/password', search: '' } },
      {
        ...dashboardRoutes(),
        'POST /api/user/change-password': { status: 400, body: { message: 'Current password is incorrect' } },
      },
    );
    fireEvent.change(await screen.findByLabelText(/Current password/, {}, slow), {
      target: { value: 'wrong1' },
    });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'secret22' } });
    fireEvent.change(screen.getByLabelText(/Confirm/), { target: { value: 'secret22' } });
    // The form's machine loads with the dashboard's children: submit once it is there.
    const sent = () => requests.filter((r) => r.url.endsWith('/api/user/change-password')).length;
    await waitFor(() => {
      if (sent() === 0) fireEvent.click(screen.getByRole('button', { name: /Change password/i }));
      expect(sent()).toBe(1);
    }, slow);
    expect(await findToast('Failed to change password. Please check your current password.')).toEqual({
      role: 'alert',
      lines: ['Failed to change password. Please check your current password.'],
    });
    expect(screen.queryByText('Data Issue')).toBeNull();
  });

  test('a new password equal to the current one is refused beside the new password, and nothing is sent', async () => {
    const input = dashboardInput();
    const { requests, system } = renderApp(
      { ...input, location: { pathname: '/settings/password', search: '' } },
      {
        ...dashboardRoutes(),
        'POST /api/user/change-password': { body: { message: 'Password changed successfully', token: 't2' } },
      },
    );
    const current = await screen.findByLabelText(/Current password/, {}, slow);
    const newPassword = screen.getByLabelText(/^New password/) as HTMLInputElement;
    const confirm = screen.getByLabelText(/Confirm/);
    // The form's machine is there, so a submit the form let through would be sent.
    await waitFor(() => expect(selectPasswordFormRef(system.actor.getSnapshot())).toBeDefined(), slow);
    const sent = () => requests.filter((r) => r.url.endsWith('/api/user/change-password'));

    fireEvent.change(current, { target: { value: 'secret22' } });
    fireEvent.change(newPassword, { target: { value: 'secret22' } });
    fireEvent.change(confirm, { target: { value: 'secret22' } });
    fireEvent.click(screen.getByRole('button', { name: /Change password/i }));

    await waitFor(() =>
      expect(descriptionOf(newPassword)).toBe('The new password must be different from the current one.'),
    );
    expect(newPassword.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(confirm)).toBeNull();
    expect(sent()).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();

    // A different one goes: the message leaves and exactly one change is sent, with the new password.
    fireEvent.change(newPassword, { target: { value: 'secret33' } });
    fireEvent.change(confirm, { target: { value: 'secret33' } });
    fireEvent.click(screen.getByRole('button', { name: /Change password/i }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(await sent()[0].json()).toEqual({ currentPassword: 'secret22', newPassword: 'secret33' });
    expect(descriptionOf(newPassword)).toBeNull();
  });
});
