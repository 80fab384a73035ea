import { INDUSTRIES } from '../../../src/contracts/common.ts';
import { schemas } from '../../validation.ts';

const profileProperties = {
  businessName: { type: 'string' },
  industry: { type: 'string' },
  services: { type: 'string' },
  email: { type: 'string' },
  phone: { type: 'string' },
} as const;

const profileSchema = {
  type: 'object',
  properties: profileProperties,
  required: Object.keys(profileProperties),
} as const;

export type SetupBody = {
  businessName: string;
  industry: (typeof INDUSTRIES)[number];
  services: string;
  email: string;
  phone: string;
};

export const setupSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['businessName', 'industry', 'services', 'email', 'phone'],
    properties: {
      businessName: schemas.text(120),
      industry: { type: 'string', enum: INDUSTRIES },
      services: schemas.text(2000),
      email: schemas.email,
      // Digits, spaces and + ( ) - . with at least one digit: formats differ too much by country for more.
      phone: {
        type: 'string',
        transform: ['trim'],
        minLength: 5,
        maxLength: 30,
        pattern: '^(?=.*[0-9])[0-9 +().-]+$',
      },
    },
  },
  response: {
    200: {
      type: 'object',
      properties: { ...profileProperties, websiteId: { type: ['integer', 'null'] } },
      required: [...Object.keys(profileProperties), 'websiteId'],
    },
  },
} as const;

export const profileGetSchema = { response: { 200: profileSchema, 404: schemas.message } } as const;
