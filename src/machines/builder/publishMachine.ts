import { type ActorRefFrom, assign, enqueueActions, type SnapshotFrom, setup } from 'xstate';
import type { DomainView, PublishResult } from '../../contracts/publish.ts';
import { normalizeSlugInput, slugify } from '../../contracts/slug.ts';
import { errorMessage } from '../../services/http/ApiError.ts';
import { notProvided } from '../app/notProvided.ts';
import { showToast } from '../app/systemActions.ts';
import type { BuilderSaveReply } from './builderMachine.ts';

/** What the publish effect does (the open site was saved just before, by the builder: see `saving`). */
export type PublishRequest = {
  websiteId: string;
  subdomain: string;
  customDomain: string;
};

export type PublishEvent =
  | { type: 'publish.open'; websiteId: string | null; siteName: string; subdomain?: string | null }
  | { type: 'publish.subdomain'; value: string }
  | { type: 'publish.customDomain'; value: string }
  | { type: 'publish.submit' }
  /** Asks to unpublish: the dialog asks the owner to confirm (the live site goes down, its subdomain is freed). */
  | { type: 'publish.unpublish' }
  | { type: 'publish.unpublishConfirm' }
  | { type: 'publish.unpublishCancel' }
  /** Look the custom domain's TXT record up now (the dialog shows the answer from the domain query). */
  | { type: 'publish.verify' }
  | { type: 'publish.close' }
  | BuilderSaveReply;

export type PublishContext = {
  websiteId: string | null;
  /** The subdomain the site is published on now (null when it is not): Unpublish is offered. */
  publishedSubdomain: string | null;
  subdomain: string;
  /** The subdomain the dialog opened with: a different one was typed and is not thrown away by a stray key. */
  openedSubdomain: string;
  customDomain: string;
  result: PublishResult | null;
  error: string | null;
};

/** Spec §5: forced lowercase; only a-z, 0-9 and hyphen (the slug rule of src/contracts/slug.ts). */
export function normalizeSubdomain(raw: string): string {
  return normalizeSlugInput(raw);
}

/** Spec §5 default: the site name as a clean slug ('Summit Plumbing & Heating' → 'summit-plumbing-heating'). */
export function defaultSubdomain(siteName: string): string {
  return slugify(siteName);
}

/** Spec §8, word for word. */
export const publishedMessage = (domain: string) => `Website published successfully at: ${domain}`;
export const SAVE_BEFORE_PUBLISH = 'Save the website before publishing.';
export const UNPUBLISHED_MESSAGE = 'Website unpublished';
/** What the owner confirms before the live site goes down. */
export const unpublishQuestion = (subdomain: string) =>
  `Unpublish this website? Visitors will no longer see it, and the subdomain ${subdomain} can be taken by another site.`;
export const VERIFY_FAILED = 'The custom domain could not be verified. Try again in a few minutes.';

/** The Publish dialog (systemId `publish`): subdomain rules, publishing, the published address. */
export const publishMachine = setup({
  types: {
    context: {} as PublishContext,
    events: {} as PublishEvent,
  },
  actors: {
    publishSite: notProvided<PublishResult, PublishRequest>('publishSite'),
    unpublishSite: notProvided<void, { websiteId: string }>('unpublishSite'),
    verifyDomain: notProvided<DomainView, { websiteId: string }>('verifyDomain'),
  },
  actions: {
    /**
     * The builder (systemId `builder`) saves the open site first, so that what is published is what the owner
     * sees, and answers; with no builder in the system there is nothing to save.
     */
    askBuilderToSave: enqueueActions(({ system, self, enqueue }) => {
      const builder = system.get('builder');
      if (builder) enqueue(() => builder.send({ type: 'builder.save', replyTo: self }));
      else enqueue.raise({ type: 'builder.saved', websiteId: '', name: '' });
    }),
    toastUnpublished: (args) => showToast(args, { type: 'success', title: UNPUBLISHED_MESSAGE }),
    toastPublished: (args, params: { domain: string }) =>
      showToast(args, { type: 'success', title: publishedMessage(params.domain) }),
  },
  guards: {
    canPublish: ({ context }) => context.websiteId !== null,
    isPublished: ({ context }) => context.websiteId !== null && context.publishedSubdomain !== null,
    hasResult: ({ context }) => context.result !== null,
  },
}).createMachine({
  id: 'publish',
  context: {
    websiteId: null,
    publishedSubdomain: null,
    subdomain: '',
    openedSubdomain: '',
    customDomain: '',
    result: null,
    error: null,
  },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'publish.open': {
          target: 'editing',
          actions: assign(({ event }) => {
            const subdomain = event.subdomain
              ? normalizeSubdomain(event.subdomain)
              : defaultSubdomain(event.siteName);
            return {
              websiteId: event.websiteId,
              publishedSubdomain: event.websiteId ? (event.subdomain ?? null) : null,
              subdomain,
              openedSubdomain: subdomain,
              customDomain: '',
              result: null,
              error: event.websiteId === null ? SAVE_BEFORE_PUBLISH : null,
            };
          }),
        },
      },
    },
    editing: {
      on: {
        'publish.subdomain': {
          actions: assign(({ event }) => ({ subdomain: normalizeSubdomain(event.value) })),
        },
        'publish.customDomain': { actions: assign(({ event }) => ({ customDomain: event.value })) },
        'publish.submit': { guard: 'canPublish', target: 'saving' },
        'publish.unpublish': { guard: 'isPublished', target: 'confirmingUnpublish' },
        'publish.verify': { guard: 'canPublish', target: 'verifying' },
        'publish.close': { target: 'closed' },
      },
    },
    // Back to where Verify was pressed: the form, or the published address.
    verifying: {
      tags: ['busy'],
      invoke: {
        src: 'verifyDomain',
        input: ({ context }) => ({ websiteId: context.websiteId ?? '' }),
        onDone: [
          { guard: 'hasResult', target: 'published', actions: assign({ error: null }) },
          { target: 'editing', actions: assign({ error: null }) },
        ],
        onError: [
          {
            guard: 'hasResult',
            target: 'published',
            actions: assign(({ event }) => ({ error: errorMessage(event.error, VERIFY_FAILED) })),
          },
          {
            target: 'editing',
            actions: assign(({ event }) => ({ error: errorMessage(event.error, VERIFY_FAILED) })),
          },
        ],
      },
    },
    confirmingUnpublish: {
      on: {
        'publish.unpublishConfirm': { target: 'unpublishing' },
        'publish.unpublishCancel': { target: 'editing' },
        'publish.close': { target: 'closed' },
      },
    },
    unpublishing: {
      tags: ['busy'],
      invoke: {
        src: 'unpublishSite',
        input: ({ context }) => ({ websiteId: context.websiteId ?? '' }),
        onDone: { target: 'closed', actions: 'toastUnpublished' },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({
            error: errorMessage(event.error, 'Failed to unpublish website'),
          })),
        },
      },
    },
    saving: {
      tags: ['busy'],
      entry: 'askBuilderToSave',
      on: {
        'builder.saved': { target: 'publishing' },
        'builder.saveFailed': {
          target: 'editing',
          actions: assign(({ event }) => ({ error: errorMessage(event.error, 'Failed to save website') })),
        },
      },
    },
    publishing: {
      tags: ['busy'],
      invoke: {
        src: 'publishSite',
        input: ({ context }) => ({
          websiteId: context.websiteId ?? '',
          subdomain: context.subdomain,
          customDomain: context.customDomain.trim(),
        }),
        onDone: {
          target: 'published',
          actions: [
            assign(({ event }) => ({
              result: event.output,
              error: null,
              publishedSubdomain: event.output.subdomain,
            })),
            { type: 'toastPublished', params: ({ event }) => ({ domain: event.output.domain }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({ error: errorMessage(event.error, 'Failed to publish website') })),
        },
      },
    },
    published: {
      on: { 'publish.verify': { target: 'verifying' }, 'publish.close': { target: 'closed' } },
    },
  },
});

export type PublishActorRef = ActorRefFrom<typeof publishMachine>;
export type PublishSnapshot = SnapshotFrom<typeof publishMachine>;

export const selectPublishOpen = (s: PublishSnapshot) => !s.matches('closed');
export const selectPublishing = (s: PublishSnapshot) => s.matches('saving') || s.matches('publishing');
/** The published address; kept after closing so the dialog does not flash back to its form while it fades out. */
export const selectPublishResult = (s: PublishSnapshot) => s.context.result;
export const selectSubdomain = (s: PublishSnapshot) => s.context.subdomain;
export const selectCustomDomain = (s: PublishSnapshot) => s.context.customDomain;
/** The form holds a subdomain or custom domain typed since it opened and not published yet. */
export const selectPublishTyped = (s: PublishSnapshot) =>
  !s.matches('closed') &&
  s.context.result === null &&
  (s.context.subdomain !== s.context.openedSubdomain || s.context.customDomain !== '');
export const selectPublishError = (s: PublishSnapshot) => s.context.error;
export const selectCanPublish = (s: PublishSnapshot) => s.context.websiteId !== null;
export const selectCanUnpublish = (s: PublishSnapshot) =>
  s.context.websiteId !== null && s.context.publishedSubdomain !== null;
/** The subdomain the site is published on now (null when it is not published). */
export const selectPublishedSubdomain = (s: PublishSnapshot) => s.context.publishedSubdomain;
/** The owner asked to unpublish and is asked to confirm. */
export const selectConfirmingUnpublish = (s: PublishSnapshot) => s.matches('confirmingUnpublish');
/** The custom domain's TXT record is being looked up. */
export const selectVerifying = (s: PublishSnapshot) => s.matches('verifying');
/** Publishing or unpublishing is in flight. */
export const selectPublishBusy = (s: PublishSnapshot) => s.hasTag('busy');
