import { schemas } from '../../../src/contracts/jsonSchema.ts';
import { idParams } from './publishSchemas.ts';

export type DomainBody = { domain: string };

const domainView = {
  type: 'object',
  properties: {
    domain: { type: ['string', 'null'] },
    status: { type: 'string', enum: ['none', 'pending', 'verified'] },
    record: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          properties: { type: { type: 'string' }, name: { type: 'string' }, value: { type: 'string' } },
        },
      ],
    },
    checkedAt: { type: ['string', 'null'] },
    message: { type: ['string', 'null'] },
  },
} as const;

const answers = { 200: domainView, 404: schemas.message } as const;

export const getDomainSchema = { params: idParams, response: answers } as const;

export const putDomainSchema = {
  params: idParams,
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['domain'],
    properties: {
      domain: { type: 'string', transform: ['trim', 'toLowerCase'], minLength: 1, maxLength: 253 },
    },
  },
  response: { ...answers, 409: schemas.message },
} as const;

export const verifyDomainSchema = {
  params: idParams,
  body: schemas.noBody,
  response: { ...answers, 400: schemas.message, 409: schemas.message },
} as const;

export const deleteDomainSchema = { params: idParams, response: answers } as const;
