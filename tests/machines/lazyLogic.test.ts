import { expect, test } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { appRoute } from '../../src/contracts/appRoutes.ts';
import { passwordFormMachine } from '../../src/machines/account/passwordFormMachine.ts';
import { profileFormMachine } from '../../src/machines/account/profileFormMachine.ts';
import { teamMachine } from '../../src/machines/account/teamMachine.ts';
import { adminMachine } from '../../src/machines/admin/adminMachine.ts';
import { appMachine, selectTourRef, selectView } from '../../src/machines/app/appMachine.ts';
import { selectCrmRef, selectReviewRef, selectTeamRef } from '../../src/machines/app/appSelectors.ts';
import { lazyLogic, loadLogics, logicsLoaded } from '../../src/machines/app/lazyLogic.ts';
import { selectToastQueue } from '../../src/machines/app/toastsMachine.ts';
import { crmMachine } from '../../src/machines/crm/crmMachine.ts';
import { oauthConnectMachine } from '../../src/machines/planner/oauthConnectMachine.ts';
import { plannerEditorMachine } from '../../src/machines/planner/plannerEditorMachine.ts';
import { reviewMachine } from '../../src/machines/review/reviewMachine.ts';
import { tourMachine } from '../../src/machines/tour/tourMachine.ts';
import { storedAlice } from './appHarness.ts';

const signedIn = { session: storedAlice, location: { pathname: '/', search: '' }, oauthProcessed: false };
/** The dashboard's other children, as the machines themselves (their code is here already). */
const others = {
  profileForm: profileFormMachine,
  passwordForm: passwordFormMachine,
  admin: adminMachine,
  planner: plannerEditorMachine,
  oauthConnect: oauthConnectMachine,
  tour: tourMachine,
  review: reviewMachine,
  loadShellActors: logicsLoaded,
};
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

test('a dashboard child whose code loads on demand starts once it has loaded, under its systemId', async () => {
  const team = lazyLogic(async () => teamMachine);
  const actor = createActor(
    appMachine.provide({ actors: { ...others, team, loadDashboardActors: loadLogics(team) } }),
    {
      input: signedIn,
    },
  ).start();
  expect(selectTeamRef(actor.getSnapshot())).toBeUndefined();

  await flush();

  expect(selectView(actor.getSnapshot())).toBe('dashboard');
  expect(actor.system.get('team')?.getSnapshot().value).toEqual(
    teamMachine.getInitialSnapshot(createActor(teamMachine).system as never).value,
  );
  actor.stop();
});

test('children whose code cannot be fetched: an error toast, and going there again tries again', async () => {
  let attempts = 0;
  const team = lazyLogic(async () => {
    attempts += 1;
    if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
    return teamMachine;
  });
  const actor = createActor(
    appMachine.provide({
      actors: {
        ...others,
        team,
        loadDashboardActors: loadLogics(team),
        urlWatcher: fromCallback(() => {}),
      },
      actions: { writeUrl: () => {} },
    }),
    { input: signedIn },
  ).start();
  await flush();

  const toasts = selectToastQueue(actor.system.get('toasts')!.getSnapshot());
  expect(toasts.map((t) => [t.title, t.message])).toEqual([['Something went wrong.', 'Please try again']]);
  expect(selectTeamRef(actor.getSnapshot())).toBeUndefined();

  actor.send({ type: 'website.create' });
  actor.send({ type: 'view.back' });
  await flush();

  expect(attempts).toBe(2);
  expect(actor.system.get('team')).toBeDefined();
  actor.stop();
});

test('a place’s child (the CRM) loads its code when the app first goes there, and a failed load is tried again', async () => {
  let attempts = 0;
  const crm = lazyLogic(async () => {
    attempts += 1;
    if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
    return crmMachine;
  });
  const actor = createActor(
    appMachine.provide({
      actors: {
        ...others,
        team: teamMachine,
        loadDashboardActors: logicsLoaded,
        crm,
        loadCrm: loadLogics(crm),
        urlWatcher: fromCallback(() => {}),
      },
      actions: { writeUrl: () => {} },
    }),
    { input: signedIn },
  ).start();
  await flush();
  // Not at a CRM place: its code is not fetched.
  expect(attempts).toBe(0);

  actor.send({ type: 'nav.go', route: appRoute('crm', { section: 'contacts' }) });
  await flush();
  const toasts = selectToastQueue(actor.system.get('toasts')!.getSnapshot());
  expect(toasts.map((t) => [t.title, t.message])).toEqual([['Something went wrong.', 'Please try again']]);
  expect(selectCrmRef(actor.getSnapshot())).toBeUndefined();

  actor.send({ type: 'nav.go', route: appRoute('websites') });
  actor.send({ type: 'nav.go', route: appRoute('crm', { section: 'contacts' }) });
  await flush();
  expect(attempts).toBe(2);
  expect(actor.system.get('crm')?.getSnapshot().status).toBe('active');
  actor.stop();
});

test('the dashboard shell’s tour and review popup start once their code has loaded, and a failed load toasts', async () => {
  let attempts = 0;
  const tour = lazyLogic(async () => {
    attempts += 1;
    if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
    return tourMachine;
  });
  const review = lazyLogic(async () => reviewMachine);
  const actor = createActor(
    appMachine.provide({
      actors: {
        ...others,
        team: teamMachine,
        loadDashboardActors: logicsLoaded,
        tour,
        review,
        loadShellActors: loadLogics(tour, review),
        urlWatcher: fromCallback(() => {}),
      },
      actions: { writeUrl: () => {} },
    }),
    { input: signedIn },
  ).start();
  expect(selectTourRef(actor.getSnapshot())).toBeUndefined();
  await flush();

  const toasts = selectToastQueue(actor.system.get('toasts')!.getSnapshot());
  expect(toasts.map((t) => [t.title, t.message])).toEqual([['Something went wrong.', 'Please try again']]);
  expect(selectTourRef(actor.getSnapshot())).toBeUndefined();

  actor.send({ type: 'website.create' });
  actor.send({ type: 'view.back' });
  await flush();

  expect(attempts).toBe(2);
  expect(selectTourRef(actor.getSnapshot())?.getSnapshot().value).toBe('visible');
  selectReviewRef(actor.getSnapshot())?.send({ type: 'review.open' });
  expect(selectReviewRef(actor.getSnapshot())?.getSnapshot().value).toEqual({ open: 'editing' });
  actor.stop();
});

test('Start tour and the star clicked while the shell’s children load are delivered once they run', async () => {
  let loaded: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    loaded = resolve;
  });
  const tour = lazyLogic(async () => {
    await gate;
    return tourMachine;
  });
  const review = lazyLogic(async () => {
    await gate;
    return reviewMachine;
  });
  localStorage.setItem('hasSeenWalkthrough', 'true');
  const actor = createActor(
    appMachine.provide({
      actors: {
        ...others,
        team: teamMachine,
        loadDashboardActors: logicsLoaded,
        tour,
        review,
        loadShellActors: loadLogics(tour, review),
        urlWatcher: fromCallback(() => {}),
      },
      actions: { writeUrl: () => {} },
    }),
    { input: signedIn },
  ).start();
  actor.send({ type: 'tour.start' });
  actor.send({ type: 'review.open' });
  await flush();
  expect(selectTourRef(actor.getSnapshot())).toBeUndefined();

  loaded();
  await flush();

  expect(selectTourRef(actor.getSnapshot())?.getSnapshot().value).toBe('visible');
  expect(selectReviewRef(actor.getSnapshot())?.getSnapshot().value).toEqual({ open: 'editing' });
  // Once they run, a click goes straight to them.
  selectReviewRef(actor.getSnapshot())?.send({ type: 'review.close' });
  actor.send({ type: 'review.open' });
  expect(selectReviewRef(actor.getSnapshot())?.getSnapshot().value).toEqual({ open: 'editing' });
  actor.stop();
  localStorage.removeItem('hasSeenWalkthrough');
});

test('the AI Assistant’s new post asked for while the planner’s code loads opens once it runs, with its text', async () => {
  let loaded = () => {};
  const gate = new Promise<void>((resolve) => {
    loaded = resolve;
  });
  const planner = lazyLogic(async () => {
    await gate;
    return plannerEditorMachine;
  });
  const actor = createActor(
    appMachine.provide({
      actors: {
        ...others,
        team: teamMachine,
        planner,
        loadShellActors: loadLogics(planner),
        urlWatcher: fromCallback(() => {}),
      },
      actions: { writeUrl: () => {} },
    }),
    { input: signedIn },
  ).start();
  actor.send({ type: 'planner.compose', text: 'Fresh bread every Friday' });
  await flush();
  expect(actor.system.get('planner')).toBeUndefined();

  loaded();
  await flush();

  const opened = actor.system.get('planner')?.getSnapshot();
  expect(opened?.value).toBe('editing');
  expect(opened?.context.draft.text).toBe('Fresh bread every Friday');
  actor.stop();
});
