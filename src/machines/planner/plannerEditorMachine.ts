import { assign, type SnapshotFrom, setup } from 'xstate';
import type { SocialPost, SocialPostInput } from '../../contracts/social.ts';
import { channelLimitError, type SocialChannel } from '../../contracts/social.ts';
import { unsavedHint } from '../../contracts/unsavedHint.ts';
import { errorMessage } from '../../services/http/ApiError.ts';
import { notProvided } from '../app/notProvided.ts';
import { showToast } from '../app/systemActions.ts';

/** The editor's form: what the dialog shows. `scheduledAt` is an ISO string or ''. */
export type PostDraft = {
  id: number | null;
  channel: SocialChannel;
  text: string;
  imageUrl: string;
  scheduledAt: string;
  status: 'draft' | 'scheduled';
};

export type PlannerEvent =
  /** A new post, on a day (the calendar) or with a text (the AI Assistant's command). */
  | { type: 'planner.new'; scheduledAt?: string; text?: string }
  | { type: 'planner.edit'; post: SocialPost }
  | { type: 'planner.change'; changes: Partial<Omit<PostDraft, 'id'>> }
  | { type: 'planner.save' }
  | { type: 'planner.delete' }
  /** Cancel: closes the editor, throwing away what was typed (a deliberate choice). */
  | { type: 'planner.cancel' }
  /** Escape or a click beside the editor: closes it only when nothing was typed. */
  | { type: 'planner.dismiss' }
  /** A post dragged to another day (keeping its time of day). */
  | { type: 'planner.reschedule'; post: SocialPost; scheduledAt: string };

/** `opened`: the draft as the editor opened it, to tell whether anything was typed since. */
export type PlannerContext = { draft: PostDraft; opened: PostDraft; error: string | null };

/** Escape or a click beside an editor with typed changes keeps it open, and says what to do. */
export const UNSAVED_POST_HINT = unsavedHint('post', 'Save draft', 'Cancel');

const sameDraft = (a: PostDraft, b: PostDraft) =>
  (Object.keys(a) as (keyof PostDraft)[]).every((key) => a[key] === b[key]);

export type SaveInput = { id: number | null; post: SocialPostInput };
export type RescheduleInput = { post: SocialPost; scheduledAt: string };

export const emptyDraft = (scheduledAt = ''): PostDraft => ({
  id: null,
  channel: 'facebook',
  text: '',
  imageUrl: '',
  scheduledAt,
  status: scheduledAt ? 'scheduled' : 'draft',
});

/** Why the draft cannot be saved, or null: the same rules the server enforces. */
export function draftProblem(draft: PostDraft, now = Date.now()): string | null {
  if (draft.text.trim() === '') return 'Write the post first';
  const limit = channelLimitError(draft.channel, draft.text.trim());
  if (limit) return limit;
  if (draft.status === 'scheduled') {
    if (!draft.scheduledAt) return 'Choose a date and time to schedule the post';
    if (Date.parse(draft.scheduledAt) <= now) return 'Choose a time in the future to schedule the post';
  }
  return null;
}

export function toPostInput(draft: PostDraft): SocialPostInput {
  return {
    channel: draft.channel,
    text: draft.text.trim(),
    imageUrl: draft.imageUrl || null,
    scheduledAt: draft.scheduledAt || null,
    status: draft.status,
  };
}

/** The content planner's editor: create, edit, delete, and drag-to-reschedule (spec issue 8). */
export const plannerEditorMachine = setup({
  types: { context: {} as PlannerContext, events: {} as PlannerEvent },
  actors: {
    savePost: notProvided<SocialPost, SaveInput>('savePost'),
    deletePost: notProvided<void, { id: number }>('deletePost'),
    reschedulePost: notProvided<SocialPost, RescheduleInput>('reschedulePost'),
  },
  actions: {
    toast: (args, params: { title: string; message?: string }) =>
      showToast(args, { type: 'error', ...params }),
  },
  guards: {
    draftValid: ({ context }) => draftProblem(context.draft) === null,
    isSaved: ({ context }) => context.draft.id !== null,
    untouched: ({ context }) => sameDraft(context.draft, context.opened),
  },
}).createMachine({
  id: 'plannerEditor',
  context: { draft: emptyDraft(), opened: emptyDraft(), error: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'planner.new': {
          target: 'editing',
          actions: assign(({ event }) => {
            const draft = { ...emptyDraft(event.scheduledAt), text: event.text ?? '' };
            return { draft, opened: draft, error: null };
          }),
        },
        'planner.edit': {
          target: 'editing',
          actions: assign(({ event }) => {
            const draft: PostDraft = {
              id: event.post.id,
              channel: event.post.channel,
              text: event.post.text,
              imageUrl: event.post.imageUrl ?? '',
              scheduledAt: event.post.scheduledAt ?? '',
              status: event.post.status === 'draft' ? 'draft' : 'scheduled',
            };
            return { error: null, draft, opened: draft };
          }),
        },
        'planner.reschedule': { target: 'rescheduling' },
      },
    },
    editing: {
      on: {
        'planner.change': {
          actions: assign(({ context, event }) => ({
            draft: { ...context.draft, ...event.changes },
            error: null,
          })),
        },
        'planner.save': [
          { guard: 'draftValid', target: 'saving' },
          { actions: assign(({ context }) => ({ error: draftProblem(context.draft) })) },
        ],
        'planner.delete': { guard: 'isSaved', target: 'deleting' },
        'planner.cancel': { target: 'closed' },
        // Nothing the owner typed is thrown away by a stray key or tap: only Cancel discards it.
        'planner.dismiss': [
          { guard: 'untouched', target: 'closed' },
          { actions: assign({ error: UNSAVED_POST_HINT }) },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'savePost',
        input: ({ context }) => ({ id: context.draft.id, post: toPostInput(context.draft) }),
        onDone: { target: 'closed' },
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => errorMessage(event.error, 'Could not save the post') }),
        },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        src: 'deletePost',
        input: ({ context }) => ({ id: context.draft.id ?? 0 }),
        onDone: { target: 'closed' },
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => errorMessage(event.error, 'Could not delete the post') }),
        },
      },
    },
    rescheduling: {
      tags: ['busy'],
      invoke: {
        src: 'reschedulePost',
        input: ({ event }) =>
          event.type === 'planner.reschedule'
            ? { post: event.post, scheduledAt: event.scheduledAt }
            : (undefined as never),
        onDone: { target: 'closed' },
        onError: {
          target: 'closed',
          actions: {
            type: 'toast',
            params: ({ event }) => ({
              title: 'Could not move the post',
              message: errorMessage(event.error, 'Please try again'),
            }),
          },
        },
      },
    },
  },
});

export type PlannerSnapshot = SnapshotFrom<typeof plannerEditorMachine>;
export const selectEditorOpen = (s: PlannerSnapshot) =>
  s.matches('editing') || s.matches('saving') || s.matches('deleting');
export const selectDraft = (s: PlannerSnapshot) => s.context.draft;
export const selectEditorError = (s: PlannerSnapshot) => s.context.error;
export const selectEditorBusy = (s: PlannerSnapshot) => s.hasTag('busy');
/** Whether anything was typed since the editor opened. */
export const selectDraftChanged = (s: PlannerSnapshot) => !sameDraft(s.context.draft, s.context.opened);
