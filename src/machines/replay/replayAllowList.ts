import { ACCOUNT_ROLES } from '../../contracts/admin.ts';
import { ROUTES } from '../../contracts/appRoutes.ts';
import { INDUSTRIES } from '../../contracts/industries.ts';
import { INVITATION_STATES } from '../../contracts/invitations.ts';
import { GENERATION_FAILED, GENERATION_NETWORK_ERROR } from '../app/appMachine.ts';

/**
 * How one allow-listed field is kept:
 * - `id`: a short token of letters, digits, `-` and `_` (or an integer) — never an email, a sentence, a URL;
 * - `count`: a finite number; `flag`: a boolean; `length`: an array, kept as its length;
 * - `{ oneOf }`: one of the listed strings; `{ fields }`: an object, each field by its own rule.
 * Anything else, and any field not named, becomes the placeholder (see sanitise.ts).
 */
export type FieldRule =
  | 'id'
  | 'count'
  | 'flag'
  | 'length'
  | { oneOf: readonly (string | number)[] }
  | { fields: FieldRules };
export type FieldRules = { readonly [field: string]: FieldRule };

const oneOf = (values: readonly (string | number)[]): FieldRule => ({ oneOf: values });
const fields = (rules: FieldRules): FieldRule => ({ fields: rules });

const ROLE = oneOf(['user', 'admin']);
const STATUS = oneOf(['trial', 'active', 'expired']);
/** A user as events and contexts carry them: who, never their email or name. */
const USER_FIELDS: FieldRules = { id: 'id', role: ROLE, plan: 'count', status: STATUS, accountId: 'id' };
const USER = fields(USER_FIELDS);
const INDUSTRY = oneOf(INDUSTRIES);
const ACCOUNT_ROLE = oneOf(ACCOUNT_ROLES);
const BUILDER_MODE = oneOf(['edit', 'preview']);
const BUILDER_TARGET = fields({ websiteId: 'id', draftId: 'id', mode: BUILDER_MODE });
const PROVIDER = oneOf(['google', 'facebook']);
// A place: its name and its id-like params; a typed search (the store's `q`) is never kept.
const ROUTE = fields({
  name: oneOf(Object.keys(ROUTES)),
  params: fields({
    siteId: 'id',
    tab: 'id',
    section: 'id',
    contactId: 'id',
    store: 'id',
    order: 'id',
    status: 'id',
  }),
});
const POST = fields({ id: 'id', channel: 'id', status: 'id' });

/**
 * The safe fields of each event type, by type. An event type not listed keeps its type only; its
 * fields all become the placeholder. Free text (names, emails, passwords, messages, URLs, form values)
 * is never listed: it stays a placeholder, which keeps guards such as "a name was given" replayable.
 */
export const EVENT_FIELDS: { readonly [type: string]: FieldRules } = {
  // The root app machine (appMachine.ts).
  'auth.login': {},
  'auth.register': {},
  'business.submit': { next: oneOf(['builder', 'generator']), business: fields({ industry: INDUSTRY }) },
  'template.use': { templateId: 'id' },
  'website.edit': { websiteId: 'id', mode: BUILDER_MODE, focus: fields({ pageId: 'id', elementId: 'id' }) },
  'generator.generate': { business: fields({ industry: INDUSTRY }) },
  'session.ended': { reason: oneOf(['logout', 'expired']) },
  'nav.go': { route: ROUTE, replace: 'flag' },
  'builder.located': { siteId: 'id' },
  // The address is not kept (its query can hold a search); replayed, Back lands on the websites list.
  'nav.popstate': { location: fields({}) },
  // typed changes not saved yet (the flag only, never what was typed): leaving asks first
  'form.unsaved': { unsaved: 'flag' },
  'business.edit': { unsaved: 'flag' },
  // the places with actors of their own
  'storefront.open': { storeId: 'id' },
  'replayViewer.open': { sessionId: 'id' },
  // session
  'session.login': { user: USER },
  'session.userUpdated': { user: USER },
  'session.accountSelected': { accountId: 'id' },
  // toasts: the kind of toast, never its words (they can quote a server message)
  'toast.show': {
    toast: fields({ type: oneOf(['success', 'error', 'warning', 'info']), persistent: 'flag' }),
  },
  'toast.delivered': { id: 'id' },
  // review
  'review.rate': { rating: 'count' },
  // team and admin writes
  'team.createAccount': { account: fields({ industry: INDUSTRY }) },
  'team.invite': { accountId: 'id', roleName: ACCOUNT_ROLE },
  'team.changeRole': { accountId: 'id', userId: 'id', roleName: ACCOUNT_ROLE },
  'team.removeMember': { accountId: 'id', userId: 'id' },
  'team.revokeInvitation': { accountId: 'id', invitationId: 'id' },
  'admin.updateUser': { userId: 'id', changes: fields({ role: ROLE, plan: 'count', status: STATUS }) },
  'admin.updateCredit': { id: 'id', credits: 'count' },
  'admin.retryJob': { queue: 'id', jobId: 'id' },
  // builder and publish
  'sidebar.tab': { tab: oneOf(['pages', 'components', 'layers']) },
  'element.select': { id: 'id' },
  'element.toggle': { id: 'id' },
  'element.added': { id: 'id' },
  'page.select': { pageId: 'id' },
  'publish.open': { websiteId: 'id' },
  // planner and integrations
  'planner.edit': { post: POST },
  'planner.reschedule': { post: POST },
  'oauth.connect': { provider: PROVIDER },
  // storefront cart
  'cart.filter': { categoryId: 'id' },
  'cart.add': { productId: 'id', quantity: 'count' },
  'cart.setQuantity': { itemId: 'id', quantity: 'count' },
  'cart.remove': { itemId: 'id' },
};

/**
 * The safe fields of a call's result (`xstate.done.actor.*`), by the name of the effect that produced it:
 * enough for the sandbox to take the same branch. Results of effects not listed become the placeholder.
 */
export const OUTPUT_FIELDS: { readonly [effect: string]: FieldRules } = {
  login: { user: USER },
  register: { user: USER },
  setupBusiness: { websiteId: 'id', industry: INDUSTRY },
  generateWebsite: { websiteId: 'id' },
  saveSite: { websiteId: 'id' },
  updateProfile: USER_FIELDS,
  submitReview: { creditsAwarded: 'count' },
  acceptInvitation: { accountId: 'id', roleName: ACCOUNT_ROLE },
  previewInvitation: { state: oneOf(INVITATION_STATES), hasAccount: 'flag' },
  registerWithInvitation: { user: USER },
  signInWithInvitation: { user: USER },
  createAccount: { id: 'id', industry: INDUSTRY, isActive: 'flag' },
  savePost: { id: 'id', channel: 'id', status: 'id' },
  reschedulePost: { id: 'id', channel: 'id', status: 'id' },
};

/** The safe part of each actor's context, by actor name; other actors' context keys become placeholders. */
export const CONTEXT_FIELDS: { readonly [actor: string]: FieldRules } = {
  app: {
    next: oneOf(['builder', 'generator']),
    setupVariant: oneOf(['setup', 'generate']),
    builder: BUILDER_TARGET,
    generatorError: oneOf([GENERATION_FAILED, GENERATION_NETWORK_ERROR]),
    oauth: fields({ provider: PROVIDER }),
    route: ROUTE,
    returnTo: ROUTE,
    storefrontStore: 'id',
    replaySessionId: 'id',
    unsavedChanges: 'flag',
    leaving: fields({ route: ROUTE, replace: 'flag', popped: 'flag' }),
  },
  session: { user: USER, accountId: 'id' },
  toasts: { queue: 'length', nextId: 'count' },
  tour: { step: 'count' },
  review: { rating: 'count', creditsAwarded: 'count' },
  builder: {
    websiteId: 'id',
    draftId: 'id',
    mode: BUILDER_MODE,
    tab: oneOf(['pages', 'components', 'layers']),
    selectedId: 'id',
    selectedIds: 'length',
    pageId: 'id',
  },
  publish: { websiteId: 'id' },
  cart: {
    storeId: 'id',
    categoryId: 'id',
    products: 'length',
    totalCount: 'count',
    isOpen: 'flag',
    pendingItemId: 'id',
  },
};

/** The safe fields of a child's start-up input (`xstate.init`), by actor name. */
export const INPUT_FIELDS: { readonly [actor: string]: FieldRules } = {
  builder: { websiteId: 'id', draftId: 'id', mode: BUILDER_MODE },
};
