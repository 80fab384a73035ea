import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { KEPT_CAMPAIGN_NOTE, NO_AUDIENCE_TO_SEND } from '../../src/views/crm/CampaignsView.tsx';
import { grace, requestPath as path, requestQuery as query } from './crmFixtures.ts';
import { descriptionOf } from './queries.ts';
import { dashboardInput, dashboardRoutes, type Routes, renderApp } from './renderApp.tsx';

const slow = { timeout: 10_000 };

const ada = { id: 5, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '', tags: [] };
const spring = {
  id: 1,
  name: 'Spring news',
  subject: 'Hello {{firstName}}',
  content: 'Dear {{fullName}}, spring is here.',
  contactListId: 7,
  status: 'draft',
  scheduledAt: null as string | null,
  sentAt: null,
  stats: { total: 0, sent: 0, outbox: 0, failed: 0 },
};
const lists = [
  { id: 7, name: 'Customers', description: '', contactCount: 42 },
  { id: 8, name: 'Empty', description: '', contactCount: 0 },
];

/** The CRM's routes with one draft campaign to list 7 (42 contacts, Ada first); a send puts it in the outbox. */
function campaignRoutes(campaign = spring, extra: Routes = {}, role = 'Admin'): Routes {
  let current = campaign;
  return {
    ...dashboardRoutes(undefined, role),
    // Grace is a contact of the account but not of the audience: the preview must not pick her.
    'GET /api/crm/contacts': (r) =>
      query(r).get('contactListId') === '7'
        ? { body: { contacts: [ada], totalCount: 42 } }
        : query(r).get('contactListId') === '8'
          ? { body: { contacts: [], totalCount: 0 } }
          : { body: { contacts: [grace], totalCount: 1 } },
    'GET /api/crm/leads': { body: [], headers: { 'x-total-count': '0' } },
    'GET /api/crm/deals': { body: [] },
    'GET /api/crm/activities': { body: [], headers: { 'x-total-count': '0' } },
    'GET /api/crm/workflows': { body: [] },
    'GET /api/crm/contact-lists': { body: lists },
    'GET /api/crm/campaigns': () => ({ body: [current] }),
    [`POST /api/crm/campaigns/${campaign.id}/send`]: () => {
      current = { ...current, status: 'sent', stats: { total: 1, sent: 0, outbox: 1, failed: 0 } };
      return { status: 202, body: { ...current, status: 'sending', jobId: 'j1' } };
    },
    ...extra,
  };
}

async function openCampaign(name: string) {
  const nav = within(screen.getByRole('navigation', { name: 'Sections' }));
  fireEvent.click(nav.getByRole('button', { name: 'CRM' }));
  fireEvent.click(await nav.findByRole('button', { name: 'Campaigns' }));
  const list = await screen.findByRole('list', { name: 'Campaigns' }, slow);
  fireEvent.click(await within(list).findByText(name, {}, slow));
}

const sends = (requests: Request[]) => requests.filter((r) => path(r) === 'POST /api/crm/campaigns/1/send');

describe('CRM campaigns: a send is confirmed, its result is a sentence, its preview a real recipient', () => {
  test('the preview is personalised for the first contact of the audience, not any contact', async () => {
    const { requests } = renderApp(dashboardInput(), campaignRoutes());
    await openCampaign('Spring news');
    const previewBox = within(screen.getByLabelText('Preview'));
    await previewBox.findByText('Hello Ada', {}, slow);
    expect(previewBox.getByText('Dear Ada Lovelace, spring is here.').textContent).toBe(
      'Dear Ada Lovelace, spring is here.',
    );
    expect(previewBox.getByText(/^Preview for/).textContent).toBe(
      'Preview for Ada Lovelace (ada@example.com)',
    );
    expect(previewBox.queryByText(/Grace/)).toBeNull();
    const sample = requests.find((r) => path(r) === 'GET /api/crm/contacts' && query(r).get('contactListId'));
    expect(query(sample as Request).get('pageSize')).toBe('1');
  });

  test('a new campaign saved twice is one campaign: the second save updates the first', async () => {
    const saved: unknown[] = [];
    let created: (typeof spring)[] = [];
    const { requests } = renderApp(
      dashboardInput(),
      campaignRoutes(spring, {
        'GET /api/crm/campaigns': () => ({ body: [spring, ...created] }),
        'POST /api/crm/campaigns': async (r) => {
          const body = (await r.json()) as typeof spring;
          created = [{ ...spring, ...body, id: 2 }];
          return { status: 201, body: created[0] };
        },
        'PUT /api/crm/campaigns/2': async (r) => {
          saved.push(await r.json());
          created = [{ ...(created[0] as typeof spring), ...(saved.at(-1) as object) }];
          return { body: created[0] };
        },
      }),
    );
    await openCampaign('Spring news');
    const list = within(screen.getByRole('list', { name: 'Campaigns' }));
    fireEvent.click(list.getByText('New campaign'));
    fireEvent.change(await screen.findByLabelText('Campaign name'), {
      target: { value: 'December specials' },
    });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Cakes for Christmas' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save campaign' }));
    await list.findByText('December specials', {}, slow);
    // The saved draft is now the one shown, with what was typed.
    await waitFor(() => expect(screen.getByText('Status: Draft').textContent).toBe('Status: Draft'));
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Cakes for Christmas');
    expect(window.location.search).toBe('?campaign=2');
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Cakes for the holidays' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save campaign' }));
    await waitFor(() => expect(saved).toHaveLength(1), slow);
    // Only what changed since it was saved: the update keeps the rest as the server has it.
    expect(saved).toEqual([{ subject: 'Cakes for the holidays' }]);
    expect(requests.filter((r) => path(r) === 'POST /api/crm/campaigns')).toHaveLength(1);
    expect(list.getAllByText('December specials')).toHaveLength(1);
  });

  test('with changes not saved, Send waits and says why; once saved it sends the campaign as it is now', async () => {
    const { requests } = renderApp(
      dashboardInput(),
      campaignRoutes(spring, {
        'PUT /api/crm/campaigns/1': async (r) => ({ body: { ...spring, ...((await r.json()) as object) } }),
      }),
    );
    await openCampaign('Spring news');
    const send = await screen.findByRole('button', { name: 'Send campaign' }, slow);
    expect((send as HTMLButtonElement).disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Subject'), {
      target: { value: 'Spring is here, {{firstName}}' },
    });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Save the campaign to send it as it is now.').textContent).toBe(
      'Save the campaign to send it as it is now.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save campaign' }));
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false), slow);
    expect(screen.queryByText('Save the campaign to send it as it is now.')).toBeNull();
    expect(sends(requests)).toHaveLength(0);
  });

  test('Send asks first with the audience count; Cancel sends nothing, Send sends once and reads as a sentence', async () => {
    const { requests } = renderApp(dashboardInput(), campaignRoutes());
    await openCampaign('Spring news');
    fireEvent.click(await screen.findByRole('button', { name: 'Send campaign' }, slow));
    const first = await screen.findByRole('dialog', { name: "Send 'Spring news' to 42 contacts?" });
    fireEvent.click(within(first).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sends(requests)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Send campaign' }));
    const dialog = within(await screen.findByRole('dialog', { name: "Send 'Spring news' to 42 contacts?" }));
    // A sample recipient from this audience (Ada), never a contact outside it (Grace).
    await dialog.findByText('Sample recipient: Ada Lovelace (ada@example.com)', {}, slow);
    expect(dialog.queryByText(/Grace/)).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Send' }));
    // With no mail server the message waits in the outbox: the campaign is queued, not "Sent".
    const sentence = 'Queued — 1 message waits in the outbox until a mail server is set up';
    await waitFor(() => expect(screen.getAllByText(sentence).length).toBeGreaterThan(0), slow);
    expect(screen.getByText(/^Status:/).textContent).toBe('Status: Waiting to send');
    expect(screen.queryByText(/^Sent/)).toBeNull();
    // Outbox wording says how to configure a mail server.
    expect(screen.getByText(/set SMTP_URL/).textContent).toContain('No mail server is configured');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sends(requests)).toHaveLength(1);
    expect(screen.queryByText(/in outbox/)).toBeNull();
  });

  test('a send where some failed reads "Sent to N · M failed" and Retry sends the failed ones again', async () => {
    const partly = { ...spring, status: 'sent', stats: { total: 3, sent: 2, outbox: 0, failed: 1 } };
    const { requests } = renderApp(
      dashboardInput(),
      campaignRoutes(partly, {
        'POST /api/crm/campaigns/1/retry': {
          status: 202,
          body: { ...partly, status: 'sending', jobId: 'j2' },
        },
      }),
    );
    await openCampaign('Spring news');
    // The result shows in the list (beside the campaign) and as the open campaign's alert, with Retry.
    const shown = await screen.findAllByText('Sent to 2 · 1 failed', {}, slow);
    const alert = shown.map((node) => node.closest('[role="alert"]')).find(Boolean) as HTMLElement;
    expect(alert.textContent).toContain('Sent to 2 · 1 failed');
    expect(alert.textContent).not.toContain('outbox');
    expect(screen.getByText(/^Status:/).textContent).toBe('Status: Sent');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(
      () => expect(requests.filter((r) => path(r) === 'POST /api/crm/campaigns/1/retry')).toHaveLength(1),
      slow,
    );
  });

  test('with no audience, Send is disabled and says why beside it; choosing one and saving enables it', async () => {
    const { requests } = renderApp(
      dashboardInput(),
      campaignRoutes(
        { ...spring, contactListId: null as unknown as number },
        {
          'PUT /api/crm/campaigns/1': async (r) => ({
            body: { ...spring, ...((await r.json()) as object) },
          }),
        },
      ),
    );
    await openCampaign('Spring news');
    const send = (await screen.findByRole('button', { name: 'Send campaign' }, slow)) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(descriptionOf(send)).toBe(NO_AUDIENCE_TO_SEND);
    expect(NO_AUDIENCE_TO_SEND).toBe(
      'Choose who receives this campaign under "Audience (contact list)" and save it to send it.',
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Audience (contact list)' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Customers (42)' }));
    expect(descriptionOf(send)).toBe('Save the campaign to send it as it is now.');
    fireEvent.click(screen.getByRole('button', { name: 'Save campaign' }));
    await waitFor(() => expect(send.disabled).toBe(false), slow);
    expect(descriptionOf(send)).toBeNull();
    expect(screen.queryByText(NO_AUDIENCE_TO_SEND)).toBeNull();
    expect(sends(requests)).toHaveLength(0);
  });

  test('an empty audience cannot be sent to: Send is disabled with a note, and the preview says so', async () => {
    const { requests } = renderApp(dashboardInput(), campaignRoutes({ ...spring, contactListId: 8 }));
    await openCampaign('Spring news');
    const previewBox = within(screen.getByLabelText('Preview'));
    await previewBox.findByText('No contacts in this audience yet', {}, slow);
    fireEvent.click(await screen.findByRole('button', { name: 'Send campaign' }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: "Send 'Spring news' to 0 contacts?" }));
    expect(dialog.getByText('No contacts in this audience yet').textContent).toBe(
      'No contacts in this audience yet',
    );
    expect((dialog.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    expect(sends(requests)).toHaveLength(0);
  });

  test('a refused send stays in the dialog with the server’s words', async () => {
    renderApp(
      dashboardInput(),
      campaignRoutes(spring, {
        'POST /api/crm/campaigns/1/send': {
          status: 409,
          body: { message: 'This campaign was already sent' },
        },
      }),
    );
    await openCampaign('Spring news');
    fireEvent.click(await screen.findByRole('button', { name: 'Send campaign' }, slow));
    const dialog = within(await screen.findByRole('dialog', { name: "Send 'Spring news' to 42 contacts?" }));
    fireEvent.click(dialog.getByRole('button', { name: 'Send' }));
    await dialog.findByText('This campaign was already sent', {}, slow);
  });

  test('a Viewer reads a campaign and its preview but gets no Send', async () => {
    renderApp(dashboardInput(), campaignRoutes(spring, {}, 'Viewer'));
    await openCampaign('Spring news');
    await within(screen.getByLabelText('Preview')).findByText('Hello Ada', {}, slow);
    expect(screen.queryByRole('button', { name: 'Send campaign' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save campaign' })).toBeNull();
  });
});

describe('CRM campaigns: the schedule is shown in local time', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  test('with the UTC offset of the scheduled date, not of today (summer time)', async () => {
    process.env.TZ = 'Europe/Berlin';
    // A date whose Berlin offset differs from today's: July (+2) in winter, January (+1) in summer.
    const winterNow = new Date().getTimezoneOffset() === -60;
    const scheduledAt = winterNow ? '2030-07-01T10:00:00.000Z' : '2030-01-15T10:00:00.000Z';
    const shown = winterNow ? '2030-07-01T12:00' : '2030-01-15T11:00';
    renderApp(dashboardInput(), campaignRoutes({ ...spring, status: 'scheduled', scheduledAt }));
    await openCampaign('Spring news');
    await waitFor(() =>
      expect(screen.getByLabelText('Schedule for (empty: send by hand)')).toHaveProperty('value', shown),
    );
  });
});

describe('CRM campaigns: a schedule already past is refused before anything is sent', () => {
  test('the field says to choose a future time and Save campaign waits; a future time saves', async () => {
    const saved: unknown[] = [];
    const { requests } = renderApp(
      dashboardInput(),
      campaignRoutes(spring, {
        'PUT /api/crm/campaigns/1': async (r) => {
          const body = await r.json();
          saved.push(body);
          return { body: { ...spring, ...body, status: 'scheduled' } };
        },
      }),
    );
    await openCampaign('Spring news');
    const field = await screen.findByLabelText('Schedule for (empty: send by hand)', {}, slow);
    fireEvent.change(field, { target: { value: '2020-01-01T10:00' } });
    const message =
      'Choose a time in the future to schedule the campaign, or leave "Schedule for" empty to send it by hand.';
    expect(screen.getByText(message).textContent).toBe(message);
    const save = screen.getByRole('button', { name: 'Save campaign' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.click(save);
    expect(requests.filter((r) => path(r) === 'PUT /api/crm/campaigns/1')).toEqual([]);

    fireEvent.change(field, { target: { value: '2030-01-01T10:00' } });
    expect(screen.queryByText(message)).toBeNull();
    fireEvent.click(save);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ scheduledAt: new Date('2030-01-01T10:00').toISOString() });
  });
});

describe('CRM campaigns: the open campaign is in the address', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  test('opening one writes ?campaign=; a reload of that address opens it again; New campaign leaves it', async () => {
    const first = renderApp(dashboardInput(), campaignRoutes());
    await openCampaign('Spring news');
    await waitFor(() =>
      expect(window.location.pathname + window.location.search).toBe('/crm/campaigns?campaign=1'),
    );
    first.unmount();

    renderApp(
      { ...dashboardInput(), location: { pathname: '/crm/campaigns', search: '?campaign=1' } },
      campaignRoutes(),
    );
    await waitFor(
      () => expect((screen.getByLabelText('Campaign name') as HTMLInputElement).value).toBe('Spring news'),
      slow,
    );
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Hello {{firstName}}');
    expect(screen.getByText('Status: Draft').textContent).toBe('Status: Draft');

    const list = within(screen.getByRole('list', { name: 'Campaigns' }));
    fireEvent.click(list.getByText('New campaign'));
    await waitFor(() => expect(window.location.search).toBe(''));
    expect((screen.getByLabelText('Campaign name') as HTMLInputElement).value).toBe('');
  });
});

describe('CRM campaigns: what is typed is not thrown away by going elsewhere', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  const nav = () => within(screen.getByRole('navigation', { name: 'Sections' }));

  test('changes to a campaign and a new one stay through another campaign and another place, until discarded', async () => {
    renderApp(dashboardInput(), campaignRoutes());
    await openCampaign('Spring news');
    const list = within(screen.getByRole('list', { name: 'Campaigns' }));
    await waitFor(() => expect(field('Subject').value).toBe('Hello {{firstName}}'));
    fireEvent.change(field('Content'), { target: { value: 'Dear {{fullName}}, our spring cakes are in.' } });

    // Another campaign (a new one), typed into too, then back: each has what was typed in it, with a note.
    fireEvent.click(list.getByText('New campaign'));
    await waitFor(() => expect(field('Content').value).toBe(''));
    fireEvent.change(field('Campaign name'), { target: { value: 'December specials' } });
    fireEvent.click(list.getByText('Spring news'));
    await waitFor(() => expect(field('Content').value).toBe('Dear {{fullName}}, our spring cakes are in.'));
    expect(screen.getByText(KEPT_CAMPAIGN_NOTE).textContent).toBe(KEPT_CAMPAIGN_NOTE);
    expect(KEPT_CAMPAIGN_NOTE).toBe(
      'Your changes to this campaign are back: they are not saved yet. Save campaign to keep them, or Discard changes to throw them away.',
    );

    // Another place of the CRM, and back to the campaigns.
    fireEvent.click(nav().getByRole('button', { name: 'Contacts' }));
    await screen.findByText('grace@navy.example', {}, slow);
    fireEvent.click(nav().getByRole('button', { name: 'Campaigns' }));
    fireEvent.click(
      await within(await screen.findByRole('list', { name: 'Campaigns' }, slow)).findByText('New campaign'),
    );
    await waitFor(() => expect(field('Campaign name').value).toBe('December specials'));
    fireEvent.click(within(screen.getByRole('list', { name: 'Campaigns' })).getByText('Spring news'));
    await waitFor(() => expect(field('Content').value).toBe('Dear {{fullName}}, our spring cakes are in.'));

    // Discard changes: the saved text, no note, and nothing comes back after leaving again.
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(field('Content').value).toBe('Dear {{fullName}}, spring is here.');
    expect(screen.queryByText(KEPT_CAMPAIGN_NOTE)).toBeNull();
    fireEvent.click(within(screen.getByRole('list', { name: 'Campaigns' })).getByText('New campaign'));
    await waitFor(() => expect(field('Campaign name').value).toBe('December specials'));
    fireEvent.click(within(screen.getByRole('list', { name: 'Campaigns' })).getByText('Spring news'));
    await waitFor(() => expect(field('Content').value).toBe('Dear {{fullName}}, spring is here.'));
    expect(screen.queryByRole('button', { name: 'Discard changes' })).toBeNull();
  });

  test('a saved new campaign leaves nothing behind: New campaign opens blank', async () => {
    let created: (typeof spring)[] = [];
    renderApp(
      dashboardInput(),
      campaignRoutes(spring, {
        'GET /api/crm/campaigns': () => ({ body: [spring, ...created] }),
        'POST /api/crm/campaigns': async (r) => {
          created = [{ ...spring, ...((await r.json()) as object), id: 2 }];
          return { status: 201, body: created[0] };
        },
      }),
    );
    await openCampaign('Spring news');
    const list = within(screen.getByRole('list', { name: 'Campaigns' }));
    fireEvent.click(list.getByText('New campaign'));
    await waitFor(() => expect(field('Content').value).toBe(''));
    fireEvent.change(field('Campaign name'), { target: { value: 'December specials' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save campaign' }));
    await waitFor(() => expect(window.location.search).toBe('?campaign=2'), slow);
    expect(field('Campaign name').value).toBe('December specials');
    fireEvent.click(list.getByText('New campaign'));
    await waitFor(() => expect(field('Campaign name').value).toBe(''));
    expect(screen.queryByText(KEPT_CAMPAIGN_NOTE)).toBeNull();
  });

  test('another member’s edit shows in the open editor, and a save sends only what was typed here', async () => {
    // A second campaign is sending, so the list is read every second; meanwhile another member edits the subject.
    const winter = { ...spring, id: 3, name: 'Winter news', status: 'sending' };
    let stored = spring;
    let reads = 0;
    const saved: unknown[] = [];
    renderApp(
      dashboardInput(),
      campaignRoutes(spring, {
        'GET /api/crm/campaigns': () => {
          reads += 1;
          if (reads === 3) stored = { ...stored, subject: 'Spring is here, {{firstName}}' };
          return { body: [stored, winter] };
        },
        'PUT /api/crm/campaigns/1': async (r) => {
          const body = (await r.json()) as object;
          saved.push(body);
          stored = { ...stored, ...body };
          return { body: stored };
        },
      }),
    );
    await openCampaign('Spring news');
    await waitFor(() => expect(field('Subject').value).toBe('Hello {{firstName}}'));

    // Nothing typed: the editor follows the campaign, with nothing to save or discard.
    await waitFor(() => expect(field('Subject').value).toBe('Spring is here, {{firstName}}'), slow);
    expect(screen.queryByRole('button', { name: 'Discard changes' })).toBeNull();
    expect(screen.queryByText(KEPT_CAMPAIGN_NOTE)).toBeNull();

    // Save with nothing typed sends nothing (the server refuses an empty update): the only PUT is the one below.
    fireEvent.click(screen.getByRole('button', { name: 'Save campaign' }));

    fireEvent.change(field('Campaign name'), { target: { value: 'Spring sale' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save campaign' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'Spring sale' }]), slow);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Discard changes' })).toBeNull());
    expect([field('Campaign name').value, field('Subject').value]).toEqual([
      'Spring sale',
      'Spring is here, {{firstName}}',
    ]);
  }, 30_000);
});
