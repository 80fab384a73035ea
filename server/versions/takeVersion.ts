import * as Y from 'yjs';
import { addSpecPages } from '../../src/canvas/ops/pageOps.ts';
import { specPagesOf } from '../../src/canvas/published/specPagesOf.ts';
import { createSiteDoc, type SiteDoc } from '../../src/canvas/siteDoc.ts';
import { summarizeChanges } from '../../src/canvas/versions.ts';
import type { Collab } from '../collab/collabServer.ts';
import { DEFAULT_VERSION_RETENTION } from '../config.ts';
import type { Db } from '../db/types.ts';
import { hasWebsiteState } from '../repositories/websiteDocs.ts';
import { findWebsite } from '../repositories/websites.ts';
import { insertVersion, latestVersionState, type VersionSummary } from '../repositories/websiteVersions.ts';

export type VersionDeps = { db: Db; collab: Collab; retention?: number };

export type VersionRequest = {
  accountId: number;
  websiteId: number;
  name: string;
  kind: 'named' | 'publish';
  author: { id: number; name: string };
};

/** A site document from an encoded state (base64, '' = empty). */
export function siteOfState(base64: string): SiteDoc {
  const site = createSiteDoc(new Y.Doc());
  if (base64) Y.applyUpdate(site.doc, new Uint8Array(Buffer.from(base64, 'base64')));
  return site;
}

/**
 * A site saved with its pages only (through the API, or generated) has no document yet: opening the live one
 * would load it empty and store that, emptying the site's pages. Its version is its pages, built aside.
 */
async function stateOfPages(db: Db, site: { accountId: number; websiteId: number }): Promise<string> {
  const website = await findWebsite(db, site.accountId, site.websiteId);
  const doc = createSiteDoc(new Y.Doc());
  addSpecPages(doc, specPagesOf(website?.pages));
  return Buffer.from(Y.encodeStateAsUpdate(doc.doc)).toString('base64');
}

/**
 * Takes a version of a website as its live document is now (what every editor has sent, stored or not), with
 * what changed since the newest version before it; the oldest beyond the retention are dropped. Reads the
 * document only: nothing is written into it, so no editor sees a change (or an unsynced one) from this.
 */
export async function takeVersion(
  { db, collab, retention = DEFAULT_VERSION_RETENTION }: VersionDeps,
  request: VersionRequest,
): Promise<VersionSummary> {
  const site = { accountId: request.accountId, websiteId: request.websiteId };
  const state = (await hasWebsiteState(db, site.accountId, site.websiteId))
    ? Buffer.from(await collab.readState(site)).toString('base64')
    : await stateOfPages(db, site);
  const previous = await latestVersionState(db, request.accountId, request.websiteId);
  const changes = summarizeChanges(previous ? siteOfState(previous) : null, siteOfState(state));
  return db.transaction((tx) => insertVersion(tx, { ...request, state, changes }, retention));
}
