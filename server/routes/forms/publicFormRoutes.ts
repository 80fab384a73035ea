import rateLimit from '@fastify/rate-limit';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { formsApi, HONEYPOT_FIELD, type PublicFormParams } from '../../../src/contracts/forms.ts';
import { HttpError } from '../../errors.ts';
import type { FormSubmittedEvent } from '../../publishing/formSubmittedEvent.ts';
import { toFormSubmittedEvent } from '../../publishing/formSubmittedEvent.ts';
import type { PublishingDeps } from '../../publishing/publishingDeps.ts';
import { insertSubmission } from '../../repositories/formSubmissions.ts';
import { findPublicForm } from '../../repositories/publishing.ts';

/** A visitor's post is small: a few fields of text. */
export const FORM_BODY_LIMIT = 16 * 1024;
/** Per visitor (IP) and site, and per site from everyone, in one minute. */
export const FORM_RATE_LIMITS = { perIp: 5, perSite: 60, windowMs: 60_000 } as const;

export const FORM_MESSAGES = {
  notFound: 'Form not found',
  empty: 'The form is empty',
  tooMany: 'Too many submissions. Please try again later.',
} as const;

// Published pages run in a sandboxed (opaque) origin, so their posts are cross-origin: allow any origin,
// without credentials (the endpoint needs none).
function cors(reply: FastifyReply): FastifyReply {
  return reply
    .header('access-control-allow-origin', '*')
    .header('access-control-allow-methods', 'POST, OPTIONS')
    .header('access-control-allow-headers', 'content-type')
    .header('access-control-max-age', '600');
}

/**
 * What happens after a submission is stored: the CRM's job is wired at the merge
 * (`jobs.send('form-submitted', event)`); until then nothing is queued.
 */
export type OnFormSubmitted = (event: FormSubmittedEvent) => Promise<void> | void;

/**
 * Public form posts of published sites. Limits are counted by @fastify/rate-limit in Redis for all server
 * processes (REDIS_URL), else in this process's memory — never in the database, so a flood cannot fill it —
 * keyed by visitor IP + site and by site.
 */
export const publicFormRoutes: FastifyPluginAsync<
  PublishingDeps & { onFormSubmitted?: OnFormSubmitted }
> = async (fastify, { db, onFormSubmitted, rateLimitStore }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  await app.register(rateLimit, { global: false, ...rateLimitStore });
  const window = FORM_RATE_LIMITS.windowMs;
  const perIp = app.createRateLimit({
    max: FORM_RATE_LIMITS.perIp,
    timeWindow: window,
    keyGenerator: (request: FastifyRequest) =>
      `ip:${request.ip}:${(request.params as PublicFormParams).subdomain}`,
  });
  const perSite = app.createRateLimit({
    max: FORM_RATE_LIMITS.perSite,
    timeWindow: window,
    keyGenerator: (request: FastifyRequest) => `site:${(request.params as PublicFormParams).subdomain}`,
  });

  app.addHook('onRequest', async (_request, reply) => {
    cors(reply);
  });

  // The browser's CORS preflight: public like the post itself.
  app.options(
    '/api/public/sites/:subdomain/forms/:formId',
    { config: { permission: 'public' } },
    async (_request, reply) => reply.code(204).send(),
  );

  app.post(
    '/api/public/sites/:subdomain/forms/:formId',
    { config: { permission: 'public' }, bodyLimit: FORM_BODY_LIMIT, schema: formsApi.submit },
    async (request, reply) => {
      for (const limiter of [perIp, perSite]) {
        const result = await limiter(request);
        if (!result.isAllowed && result.isExceeded) {
          reply.header('retry-after', String(result.ttlInSeconds));
          throw new HttpError(429, FORM_MESSAGES.tooMany);
        }
      }
      const { subdomain, formId } = request.params;
      const form = await findPublicForm(db, subdomain, formId);
      if (!form) throw new HttpError(404, FORM_MESSAGES.notFound);
      // A filled honeypot is a bot: it is told "stored" and nothing is stored.
      if (request.body[HONEYPOT_FIELD]) return reply.code(201).send({ ok: true });
      const known = new Set(form.fields);
      const data = Object.fromEntries(
        Object.entries(request.body.data).filter(([key]) => known.size === 0 || known.has(key)),
      );
      if (Object.values(data).every((value) => value.trim() === ''))
        throw new HttpError(400, FORM_MESSAGES.empty);
      const submission = await insertSubmission(db, form.accountId, {
        formId: form.formId,
        formTitle: form.formTitle,
        websiteName: form.websiteName,
        websiteId: form.websiteId,
        pagePath: form.pagePath,
        data,
      });
      await onFormSubmitted?.(toFormSubmittedEvent(form.accountId, submission));
      return reply.code(201).send({ ok: true });
    },
  );
};
