/**
 * The activity log in words (issue 16): every entry reads as a sentence, "ada@example.com deleted the contact
 * “Grace Hopper”". The server writes the entries (and sends each with its sentence); this table is the one
 * place where an entry's type and details become words. Keep it free of browser and server APIs.
 */

/**
 * What a member does in an account, logged for them by the server's activity trail (one type per kind of
 * write route; see server/activityTrail.ts). Each entry's details hold the record's `id` and, when it has one,
 * its `name`; `{record}` marks where the record goes when not at the end.
 */
export const ACCOUNT_ACTION_SENTENCES = {
  'business.profile_saved': 'saved the business profile',
  'website.saved': 'saved the website',
  'website.updated': 'updated the website',
  'website.deleted': 'deleted the website',
  'website.generated': 'generated the website',
  'website.published': 'published the website',
  'website.unpublished': 'unpublished the website',
  'website.domain_claimed': 'claimed a custom domain for the website',
  'website.domain_released': 'released the custom domain of the website',
  'website.seo_saved': 'saved the SEO settings of the website',
  'website.version_saved': 'saved a version of the website',
  'website.version_restored': 'restored a version of the website',
  'image.uploaded': 'uploaded an image',
  'form_submission.updated': 'marked the form submission',
  'form_submission.deleted': 'deleted the form submission',
  'store.created': 'created the store',
  'store.settings_saved': 'saved the settings of the store',
  'product.created': 'added the product',
  'product.updated': 'updated the product',
  'product.deleted': 'deleted the product',
  'category.created': 'added the product category',
  'category.deleted': 'deleted the product category',
  'contact.created': 'added the contact',
  'contact.updated': 'updated the contact',
  'contact.deleted': 'deleted the contact',
  'contact_list.created': 'created the contact list',
  'contacts.imported': 'imported contacts from the file{record}',
  'contacts.import_rolled_back': 'rolled back the contact import',
  'contacts.merged': 'merged duplicate contacts into{record}',
  'lead.created': 'added the lead',
  'lead.updated': 'updated the lead',
  'lead.deleted': 'deleted the lead',
  'lead.converted': 'converted the lead{record} into a contact and a deal',
  'deal.created': 'added the deal',
  'deal.updated': 'updated the deal',
  'deal.deleted': 'deleted the deal',
  'pipeline.created': 'created the pipeline',
  'pipeline.updated': 'updated the pipeline',
  'pipeline.deleted': 'deleted the pipeline',
  'crm_activity.created': 'logged the CRM activity',
  'crm_activity.updated': 'updated the CRM activity',
  'crm_activity.deleted': 'deleted the CRM activity',
  'workflow.created': 'created the workflow',
  'workflow.updated': 'updated the workflow',
  'workflow.deleted': 'deleted the workflow',
  'campaign.created': 'created the campaign',
  'campaign.updated': 'updated the campaign',
  'campaign.sent': 'sent the campaign',
  'campaign.retried': 'retried the failed sends of the campaign',
  'webhook.tested': 'sent a test delivery to the webhook',
  'social_post.created': 'planned the social post',
  'social_post.updated': 'updated the social post',
  'social_post.deleted': 'deleted the social post',
  // A write route the trail has no type for yet (details: its route): still logged, never lost.
  'account.changed': 'changed something in the account',
} as const;

export type AccountActionType = keyof typeof ACCOUNT_ACTION_SENTENCES;
export const ACCOUNT_ACTION_TYPES = Object.keys(ACCOUNT_ACTION_SENTENCES) as AccountActionType[];

type Details = Record<string, unknown>;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== ''
    ? value.trim()
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : null;

/** “Name” when the record has one, else #id, else nothing. */
function recordOf(details: Details): string {
  const name = text(details.name);
  if (name) return ` “${name}”`;
  const id = text(details.id);
  return id ? ` #${id}` : '';
}

const orderOf = (d: Details) => (text(d.orderNumber) ? ` ${text(d.orderNumber)}` : '');

/** The predicates of the entries the server writes itself (sign-in, team, admin, store, domains, integrations). */
const OWN_SENTENCES: Record<string, (d: Details) => string> = {
  'auth.register': () => 'signed up',
  'auth.login': () => 'signed in',
  'auth.login_failed': (d) =>
    d.throttled === true ? 'was refused sign-in after too many failed attempts' : 'failed to sign in',
  'auth.logout': () => 'signed out',
  'access.denied': (d) =>
    `was refused ${text(d.method) ?? ''} ${text(d.path) ?? ''}`.trimEnd() +
    (text(d.reason) ? `: ${text(d.reason)}` : ''),
  'user.profile_updated': (d) =>
    text(d.previousEmail)
      ? `changed their sign-in email (was ${text(d.previousEmail)})`
      : 'updated their profile',
  'user.password_changed': () => 'changed their password',
  'account.created': (d) => `created the account${recordOf(d)}`,
  'member.added': (d) => `added user #${text(d.memberId) ?? '?'} as ${text(d.role) ?? 'a member'}`,
  'member.invited': (d) => `invited ${text(d.email) ?? 'someone'} as ${text(d.role) ?? 'a member'}`,
  'member.role_changed': (d) =>
    `changed the role of user #${text(d.memberId) ?? '?'} from ${text(d.from) ?? '?'} to ${text(d.to) ?? '?'}`,
  'member.removed': (d) => `removed user #${text(d.memberId) ?? '?'} from the account`,
  'invitation.accepted': (d) => `accepted an invitation and joined as ${text(d.role) ?? 'a member'}`,
  'invitation.revoked': (d) => `revoked the invitation of ${text(d.email) ?? 'someone'}`,
  'admin.user_updated': (d) => `updated the user ${text(d.targetEmail) ?? `#${text(d.targetUserId) ?? '?'}`}`,
  'admin.credit_updated': (d) =>
    `changed the credits of ${text(d.targetEmail) ?? 'a user'}${text(d.credits) ? ` (${text(d.credits)})` : ''}`,
  'admin.job_retried': (d) => `retried job ${text(d.jobId) ?? '?'} of the ${text(d.queue) ?? '?'} queue`,
  'admin.replay_viewed': (d) => `opened the session replay of ${text(d.targetEmail) ?? 'a user'}`,
  'store.order_placed': (d) => `placed order${orderOf(d)}`,
  'store.order_status_changed': (d) =>
    `moved order${orderOf(d)} from ${text(d.from) ?? '?'} to ${text(d.to) ?? '?'}`,
  'integration.connected': (d) => `connected ${text(d.provider) ?? 'an integration'}`,
  'integration.disconnected': (d) => `disconnected ${text(d.provider) ?? 'an integration'}`,
  'webhook.created': (d) => `added webhook #${text(d.webhookId) ?? '?'}`,
  'webhook.deleted': (d) => `deleted webhook #${text(d.webhookId) ?? '?'}`,
  'domain.verified': (d) => `verified the custom domain ${text(d.domain) ?? ''}`.trimEnd(),
  'domain.unverified': (d) =>
    `found the TXT record of ${text(d.domain) ?? 'a custom domain'} gone: it is no longer served`,
};

/** Who did it: the user's address, a shopper for an order placed, else "Someone". */
function subjectOf(type: string, userEmail: string | null): string {
  if (userEmail) return userEmail;
  if (type === 'store.order_placed') return 'A shopper';
  if (type === 'domain.unverified') return 'The daily domain check';
  return 'Someone';
}

/** An activity-log entry as a sentence. An unknown type still reads, naming the type. */
export function activitySentence(entry: {
  type: string;
  userEmail: string | null;
  details: Details | null;
}): string {
  const details = entry.details ?? {};
  const who = subjectOf(entry.type, entry.userEmail);
  const own = OWN_SENTENCES[entry.type];
  if (own) return `${who} ${own(details)}.`;
  const action = (ACCOUNT_ACTION_SENTENCES as Record<string, string>)[entry.type];
  if (action) {
    const record = recordOf(details);
    return `${who} ${action.includes('{record}') ? action.replace('{record}', record) : action + record}.`;
  }
  return `${who}: ${entry.type}${recordOf(details)}.`;
}

/** The types with a sentence of their own (the unit test checks every logged type has one). */
export const SENTENCE_TYPES: readonly string[] = [...Object.keys(OWN_SENTENCES), ...ACCOUNT_ACTION_TYPES];
