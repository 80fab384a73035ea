import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountActionType } from '../src/contracts/activitySentences.ts';
import { isAccountPermission } from './auth/access.ts';
import type { Db } from './db/types.ts';
import { logActivity } from './repositories/activityLogs.ts';

/**
 * `self`: the route writes its own, more detailed entry (members, invitations, integrations, webhooks, domains).
 * `none`: not an action a person takes (presence marks renewed while a dialog is open), so not logged.
 */
export type RouteActivity = AccountActionType | 'self' | 'none';

/**
 * What each account write route does, as an activity-log type (its sentence is in activitySentences.ts).
 * tests/server/activityTrail.test.ts fails for an account write route missing here.
 */
export const ROUTE_ACTIVITIES: Readonly<Record<string, RouteActivity>> = {
  'DELETE /api/accounts/:accountId/users/:userId': 'self',
  'POST /api/accounts/:accountId/users/:userId': 'self',
  'POST /api/accounts/:accountId/users/invite-or-add': 'self',
  'DELETE /api/accounts/:accountId/invitations/:invitationId': 'self',
  'POST /api/business/setup': 'business.profile_saved',
  'PUT /api/business/profile': 'business.profile_saved',
  'POST /api/campaign/google-oauth/callback': 'self',
  'POST /api/campaign/facebook-oauth/callback': 'self',
  'POST /api/website/save': 'website.saved',
  'PUT /api/website/:id': 'website.updated',
  'DELETE /api/website/:id': 'website.deleted',
  'POST /api/upload/image': 'image.uploaded',
  'POST /api/website/upload-image': 'image.uploaded',
  'POST /api/website/generate': 'website.generated',
  'POST /api/website/:id/publish': 'website.published',
  'DELETE /api/website/:id/publish': 'website.unpublished',
  'PUT /api/website/:id/domain': 'website.domain_claimed',
  'POST /api/website/:id/domain/verify': 'self',
  'DELETE /api/website/:id/domain': 'website.domain_released',
  'PUT /api/seo/websites/:id/settings': 'website.seo_saved',
  'PUT /api/presence/:recordKind/:recordId': 'none',
  'POST /api/website/:id/versions': 'website.version_saved',
  'POST /api/website/:id/versions/:versionId/restore': 'website.version_restored',
  'PATCH /api/forms/submissions/:id': 'form_submission.updated',
  'DELETE /api/forms/submissions/:id': 'form_submission.deleted',
  'POST /api/ecommerce/stores': 'store.created',
  'PUT /api/ecommerce/stores/:storeId/settings': 'store.settings_saved',
  'POST /api/ecommerce/products': 'product.created',
  'PUT /api/ecommerce/products/:id': 'product.updated',
  'DELETE /api/ecommerce/products/:id': 'product.deleted',
  'POST /api/ecommerce/categories': 'category.created',
  'DELETE /api/ecommerce/categories/:id': 'category.deleted',
  'PATCH /api/ecommerce/orders/:id': 'self',
  'POST /api/crm/contacts': 'contact.created',
  'PUT /api/crm/contacts/:id': 'contact.updated',
  'DELETE /api/crm/contacts/:id': 'contact.deleted',
  'POST /api/crm/contact-lists': 'contact_list.created',
  'POST /api/crm/contacts/import': 'contacts.imported',
  'POST /api/crm/contacts/imports/:id/rollback': 'contacts.import_rolled_back',
  'POST /api/crm/contacts/merge': 'contacts.merged',
  'POST /api/crm/leads': 'lead.created',
  'PUT /api/crm/leads/:id': 'lead.updated',
  'DELETE /api/crm/leads/:id': 'lead.deleted',
  'POST /api/crm/leads/:id/convert': 'lead.converted',
  'POST /api/crm/deals': 'deal.created',
  'PUT /api/crm/deals/:id': 'deal.updated',
  'DELETE /api/crm/deals/:id': 'deal.deleted',
  'POST /api/crm/pipelines': 'pipeline.created',
  'PUT /api/crm/pipelines/:id': 'pipeline.updated',
  'DELETE /api/crm/pipelines/:id': 'pipeline.deleted',
  'POST /api/crm/activities': 'crm_activity.created',
  'PUT /api/crm/activities/:id': 'crm_activity.updated',
  'DELETE /api/crm/activities/:id': 'crm_activity.deleted',
  'POST /api/crm/workflows': 'workflow.created',
  'PUT /api/crm/workflows/:id': 'workflow.updated',
  'DELETE /api/crm/workflows/:id': 'workflow.deleted',
  'POST /api/crm/campaigns': 'campaign.created',
  'PUT /api/crm/campaigns/:id': 'campaign.updated',
  'POST /api/crm/campaigns/:id/send': 'campaign.sent',
  'POST /api/crm/campaigns/:id/retry': 'campaign.retried',
  'DELETE /api/integrations/:provider': 'self',
  'POST /api/webhooks': 'self',
  'DELETE /api/webhooks/:id': 'self',
  'POST /api/webhooks/:id/test': 'webhook.tested',
  'POST /api/social/posts': 'social_post.created',
  'PUT /api/social/posts/:id': 'social_post.updated',
  'DELETE /api/social/posts/:id': 'social_post.deleted',
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a route is an account action: a write that needs an account permission. */
export function isAccountWrite(method: string, permission: string): boolean {
  return WRITES.has(method) && isAccountPermission(permission) && permission !== 'account.view';
}

const short = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 120) : null;

/** The record a write touched, from its answer (id, and a name when it has one) or its path's `:id`. */
function recordOf(request: FastifyRequest, payload: unknown): Record<string, string | number> {
  let body: Record<string, unknown> = {};
  if (typeof payload === 'string' && payload.startsWith('{') && payload.length < 256 * 1024) {
    try {
      body = JSON.parse(payload) as Record<string, unknown>;
    } catch {
      body = {};
    }
  }
  // A conversion answers with the lead, its contact and its deal: the record is the lead.
  if (body.lead && typeof body.lead === 'object') body = body.lead as Record<string, unknown>;
  const params = (request.params ?? {}) as Record<string, unknown>;
  const id = body.id ?? params.id ?? params.storeId;
  const fullName = [short(body.firstName), short(body.lastName)].filter(Boolean).join(' ');
  const name =
    short(body.name) ??
    short(body.title) ??
    short(body.subject) ??
    short(body.fileName) ??
    (fullName || null);
  return {
    ...(typeof id === 'number' || typeof id === 'string' ? { id } : {}),
    ...(name ? { name } : {}),
  };
}

/**
 * The activity trail: every successful account write lands in the activity log as its type (ROUTE_ACTIVITIES),
 * who did it, in which account, and the record it touched — written before the answer leaves, so the log
 * never misses an action that was answered. Routes marked `self` write their own entry.
 */
export function registerActivityTrail(app: FastifyInstance, db: Db): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const permission = request.routeOptions.config.permission as string | undefined;
    if (!permission || !isAccountWrite(request.method, permission)) return payload;
    if (reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    const key = `${request.method} ${request.routeOptions.url}`;
    const type = ROUTE_ACTIVITIES[key] ?? null;
    if (type === 'self' || type === 'none') return payload;
    const fromPath = (request.params as Record<string, unknown> | undefined)?.accountId;
    await logActivity(db, {
      type: type ?? 'account.changed',
      userId: request.user?.id ?? null,
      userEmail: request.user?.email ?? null,
      accountId: typeof fromPath === 'number' ? fromPath : (request.accountId ?? null),
      ip: request.ip,
      details: type ? recordOf(request, payload) : { route: key },
    });
    return payload;
  });
}
