import { schemas } from '../../validation.ts';

export type VersionBody = { name: string };

const MAX_ID = 2_147_483_647;
const id = { type: 'integer', minimum: 1, maximum: MAX_ID } as const;

const siteParams = { type: 'object', required: ['id'], properties: { id } } as const;
const versionParams = {
  type: 'object',
  required: ['id', 'versionId'],
  properties: { id, versionId: id },
} as const;

const pageChange = {
  type: 'object',
  required: ['pageId', 'page', 'status', 'added', 'removed', 'changed'],
  properties: {
    pageId: { type: 'string' },
    page: { type: 'string' },
    status: { type: 'string', enum: ['added', 'removed', 'changed'] },
    added: { type: 'integer' },
    removed: { type: 'integer' },
    changed: { type: 'integer' },
  },
} as const;

const summaryProperties = {
  id: { type: 'integer' },
  name: { type: 'string' },
  kind: { type: 'string', enum: ['named', 'publish'] },
  createdAt: { type: 'string' },
  author: {
    type: 'object',
    required: ['id', 'name'],
    properties: { id: { type: ['integer', 'null'] }, name: { type: 'string' } },
  },
  changes: { type: 'array', items: pageChange },
} as const;

const summary = {
  type: 'object',
  required: ['id', 'name', 'kind', 'createdAt', 'author', 'changes'],
  properties: summaryProperties,
} as const;

export const listVersionsSchema = {
  params: siteParams,
  response: { 200: { type: 'array', items: summary }, 404: schemas.message },
} as const;

export const createVersionSchema = {
  params: siteParams,
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['name'],
    properties: { name: schemas.text(200) },
  },
  response: { 201: summary, 404: schemas.message },
} as const;

export const getVersionSchema = {
  params: versionParams,
  response: {
    200: {
      type: 'object',
      required: [...summary.required, 'pages', 'yjsState'],
      properties: {
        ...summaryProperties,
        // The version's pages with their element trees (spec §3 shape), for the read-only preview.
        pages: { type: 'array', items: { type: 'object', additionalProperties: true } },
        // The version's whole document (encoded Yjs state, base64): what a tab restores from.
        yjsState: { type: 'string' },
      },
    },
    404: schemas.message,
  },
} as const;

export const restoreVersionSchema = {
  params: versionParams,
  body: schemas.noBody,
  response: { 200: summary, 404: schemas.message },
} as const;
