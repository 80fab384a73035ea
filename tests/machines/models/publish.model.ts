import { createMachine } from 'xstate';

// Effect-free model of the Publish dialog (spec §2, §5, §8).
export const publishModel = createMachine({
  id: 'publishModel',
  initial: 'closed',
  states: {
    closed: {
      on: { 'open.saved': 'editing', 'open.unsaved': 'unsaved', 'open.published': 'editingPublished' },
    },
    unsaved: { on: { submit: 'unsaved', unpublish: 'unsaved', close: 'closed' } },
    editing: {
      on: {
        'type.subdomain': 'editing',
        'type.customDomain': 'editing',
        // Not published: there is nothing to unpublish.
        unpublish: 'editing',
        submit: 'saving',
        // The site's custom domain: its TXT record is looked up now.
        verify: 'verifying',
        close: 'closed',
      },
    },
    verifying: { on: { 'verify.ok': 'editing', 'verify.fail': 'verifyFailed' } },
    verifyFailed: { on: { close: 'closed' } },
    editingPublished: { on: { unpublish: 'confirmingUnpublish', submit: 'saving', close: 'closed' } },
    // Unpublishing takes the live site down and frees its subdomain: the owner confirms it first.
    confirmingUnpublish: {
      on: { 'unpublish.confirm': 'unpublishing', 'unpublish.cancel': 'editingPublished', close: 'closed' },
    },
    // The builder saves the open site first (through the system), then it is published.
    saving: { on: { 'save.ok': 'publishing', 'save.fail': 'saveFailed' } },
    saveFailed: { on: { submit: 'saving', close: 'closed' } },
    unpublishing: { on: { 'unpublish.ok': 'closed', 'unpublish.fail': 'unpublishFailed' } },
    unpublishFailed: { on: { close: 'closed' } },
    publishing: { on: { 'publish.ok': 'published', 'publish.conflict': 'failed' } },
    failed: { on: { submit: 'saving', close: 'closed', 'type.subdomain': 'failed' } },
    published: { on: { verify: 'verifyingPublished', close: 'closed' } },
    verifyingPublished: { on: { 'verify.ok': 'published', 'verify.fail': 'publishedVerifyFailed' } },
    publishedVerifyFailed: { on: { close: 'closed' } },
  },
});
