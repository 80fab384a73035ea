/**
 * Named versions of a website (GET/POST /api/website/{id}/versions…): the JSON Schemas of the API and the types
 * derived from them. The server validates and documents with these; the client reads the same types.
 */
import { type Infer, idParams, schemas } from './jsonSchema.ts';

/** What changed on one page between two versions of a site (elements counted, hidden ones left out). */
export const pageChangeSchema = {
  type: 'object',
  required: ['pageId', 'page', 'status', 'added', 'removed', 'changed'],
  properties: {
    pageId: { type: 'string' },
    /** The page's name in the newer version (or the older one when the page was removed). */
    page: { type: 'string' },
    status: { type: 'string', enum: ['added', 'removed', 'changed'] },
    added: { type: 'integer' },
    removed: { type: 'integer' },
    changed: { type: 'integer' },
  },
  additionalProperties: false,
} as const;
export type PageChange = Infer<typeof pageChangeSchema>;

const summaryProperties = {
  id: { type: 'integer' },
  name: { type: 'string' },
  kind: { type: 'string', enum: ['named', 'publish'] },
  createdAt: { type: 'string' },
  author: {
    type: 'object',
    required: ['id', 'name'],
    properties: { id: { type: ['integer', 'null'] }, name: { type: 'string' } },
    additionalProperties: false,
  },
  /** What changed since the version before it, per page. */
  changes: { type: 'array', items: pageChangeSchema },
} as const;

/** A named version of a website as the history lists it. */
export const versionSummarySchema = {
  type: 'object',
  required: ['id', 'name', 'kind', 'createdAt', 'author', 'changes'],
  properties: summaryProperties,
  additionalProperties: false,
} as const;
export type VersionSummary = Infer<typeof versionSummarySchema>;

/** One version with what the read-only preview and a restore in a tab need. */
export const versionDetailSchema = {
  type: 'object',
  required: [...versionSummarySchema.required, 'pages', 'yjsState'],
  properties: {
    ...summaryProperties,
    // The version's pages with their element trees (spec §3 shape), for the read-only preview.
    pages: { type: 'array', items: { type: 'object', additionalProperties: true } },
    // The version's whole document (encoded Yjs state, base64): what a tab restores from.
    yjsState: { type: 'string' },
  },
  additionalProperties: false,
} as const;

/** The longest name a version takes (after trimming). */
export const VERSION_NAME_MAX = 200;
/** What a version name over the limit gets, from the History dialog's field and from the server alike. */
export const VERSION_NAME_TOO_LONG = `A version name can be at most ${VERSION_NAME_MAX} characters: shorten it and save again.`;

const versionParams = {
  type: 'object',
  required: ['id', 'versionId'],
  properties: { id: schemas.id, versionId: schemas.id },
} as const;

/** The routes' schemas: params, body and every answer. */
export const versionsApi = {
  list: {
    params: idParams,
    response: { 200: { type: 'array', items: versionSummarySchema }, 404: schemas.message },
  },
  create: {
    params: idParams,
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: { name: schemas.text(VERSION_NAME_MAX) },
    },
    response: { 201: versionSummarySchema, 404: schemas.message },
  },
  get: {
    params: versionParams,
    response: { 200: versionDetailSchema, 404: schemas.message },
  },
  restore: {
    params: versionParams,
    body: schemas.noBody,
    response: { 200: versionSummarySchema, 404: schemas.message },
  },
} as const;

export type CreateVersionBody = Infer<typeof versionsApi.create.body>;
