import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync } from 'fastify';
import { contactsApi } from '../../../src/contracts/crmApi.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError, isUniqueViolation } from '../../errors.ts';
import { findDuplicateContacts, mergeContacts } from '../../repositories/crm/contactMerge.ts';
import { type CrmDeps, crmEdit, crmView } from './crmDeps.ts';

/** Likely duplicate contacts across the whole account, and merging two of them in one transaction. */
export const contactMergeRoutes: FastifyPluginAsync<CrmDeps> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get('/api/crm/contacts/duplicates', { config: crmView, schema: contactsApi.duplicates }, (request) =>
    findDuplicateContacts(db, requireAccountId(request), request.query.limit),
  );

  app.post('/api/crm/contacts/merge', { config: crmEdit, schema: contactsApi.merge }, async (request) => {
    const accountId = requireAccountId(request);
    const { keepId, mergeId, fields = {} } = request.body;
    if (keepId === mergeId) throw new HttpError(400, 'Choose two different contacts to merge');
    try {
      const kept = await db.transaction((tx) => mergeContacts(tx, accountId, keepId, mergeId, fields));
      if (!kept) throw new HttpError(404, 'Contact not found');
      return kept;
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, 'A contact with this email already exists');
      if ((error as { code?: string }).code === '23514') {
        throw new HttpError(400, 'A contact needs a name or an email');
      }
      throw error;
    }
  });
};
