import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type DomainView, publishApi } from '../../../src/contracts/publish.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError } from '../../errors.ts';
import {
  assertClaimable,
  claimDomain,
  currentDomainView,
  DOMAIN_MESSAGES,
  normalizeDomain,
  verifyClaim,
} from '../../publishing/customDomains.ts';
import type { PublishingDeps } from '../../publishing/publishingDeps.ts';
import { deleteDomainClaim, findDomainClaim } from '../../repositories/customDomains.ts';
import { findWebsite } from '../../repositories/websites.ts';

const NOT_FOUND = 'Website not found';

/**
 * A website's custom domain: read it (with the TXT record to add), claim it (pending), verify it (the record is
 * looked up now) and release it. Claiming also happens through publish's `customDomain`.
 */
export const domainRoutes: FastifyPluginAsync<PublishingDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const { db, config, publicSiteDomain, resolveTxt } = deps;
  // Every member reads the domain and its record; claiming, verifying and releasing change what visitors reach.
  const view = { permission: 'account.view' } as const;
  // A claim that changes changes the hosts sites answer on: every process reloads them (before the answer).
  const hostsChange = { permission: 'websites.edit', invalidates: ['site-hosts'] } as const;

  // The caller's website (the guard checked the permission): another account's website is simply not found.
  async function ownWebsite(request: FastifyRequest, websiteId: number) {
    const accountId = requireAccountId(request);
    const site = await findWebsite(db, accountId, websiteId);
    if (!site) throw new HttpError(404, NOT_FOUND);
    return { accountId, websiteId: site.id };
  }

  app.get(
    '/api/website/:id/domain',
    { config: view, schema: publishApi.getDomain },
    async (request): Promise<DomainView> => {
      const { accountId, websiteId } = await ownWebsite(request, request.params.id);
      return currentDomainView(db, accountId, websiteId);
    },
  );

  app.put(
    '/api/website/:id/domain',
    { config: hostsChange, schema: publishApi.putDomain },
    async (request): Promise<DomainView> => {
      const domain = normalizeDomain(request.body.domain);
      const { accountId, websiteId } = await ownWebsite(request, request.params.id);
      assertClaimable(domain, { appUrl: config.appUrl ?? null, publicSiteDomain, requestHost: request.host });
      await db.transaction((tx) => claimDomain(tx, accountId, websiteId, domain));
      return currentDomainView(db, accountId, websiteId);
    },
  );

  app.post(
    '/api/website/:id/domain/verify',
    { config: hostsChange, schema: publishApi.verifyDomain },
    async (request): Promise<DomainView> => {
      const { accountId, websiteId } = await ownWebsite(request, request.params.id);
      const claim = await findDomainClaim(db, accountId, websiteId);
      if (!claim) throw new HttpError(400, DOMAIN_MESSAGES.noClaim);
      await verifyClaim(db, resolveTxt, claim, {
        userId: request.user.id,
        userEmail: request.user.email,
        ip: request.ip,
      });
      return currentDomainView(db, accountId, websiteId);
    },
  );

  app.delete(
    '/api/website/:id/domain',
    { config: hostsChange, schema: publishApi.deleteDomain },
    async (request): Promise<DomainView> => {
      const { accountId, websiteId } = await ownWebsite(request, request.params.id);
      await deleteDomainClaim(db, accountId, websiteId);
      return currentDomainView(db, accountId, websiteId);
    },
  );
};
