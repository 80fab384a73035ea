import { type CollabRemote, SiteCollab } from '../../canvas/collab.ts';
import { type ElementNode, insertElement } from '../../canvas/ops/elementOps.ts';
import { addPage, addSpecPages } from '../../canvas/ops/pageOps.ts';
import { toSpecPages } from '../../canvas/pagesData.ts';
import { parseHtmlToElements } from '../../canvas/parseHtml.ts';
import { clearRoom, connectSite, isSavedRoom, roomFor } from '../../canvas/persistence.ts';
import {
  applyEncodedState,
  createSiteDoc,
  encodeState,
  SEED_ORIGIN,
  type SiteDoc,
} from '../../canvas/siteDoc.ts';
import { SiteStore } from '../../canvas/siteStore.ts';
import { renderSiteHtml } from '../../canvas/staticRender.tsx';
import { showsStore, TEMPLATES, withStore } from '../../canvas/templates.ts';
import { getBusinessProfile } from '../../services/account/businessApi.ts';
import {
  freeSiteName,
  getWebsite,
  saveWebsite,
  updateWebsite,
  type Website,
} from '../../services/builder/websiteApi.ts';
import type { Http } from '../../services/http/http.ts';
import { listStores } from '../../services/store/storeAdminApi.ts';
import {
  type BuilderSession,
  DEFAULT_SITE_NAME,
  type LoadedSite,
  type LoadInput,
  type SavedSite,
  type SaveInput,
} from './builderMachine.ts';

// Seeding is not an edit of this tab: it is not undoable. Fixed ids make two tabs seeding at once agree.
const HOME_PAGE_ID = 'home';

function withIds(nodes: ElementNode[], prefix: string): ElementNode[] {
  return nodes.map((node, i) => ({
    ...node,
    id: node.id ?? `${prefix}-${i}`,
    children: withIds(node.children ?? [], `${prefix}-${i}`),
  }));
}

const templateOf = (id: string | undefined) => (id ? TEMPLATES.find((t) => t.id === id) : undefined);

/**
 * Spec §4: a new site's Home is seeded from the template chosen in the chooser (the builder's input); its store
 * elements show the account's first store (`storeId`), as a new store element does.
 */
function chosenTemplate(id: string | undefined, storeId: string | null): ElementNode[] {
  const template = templateOf(id);
  return template ? withIds(withStore(template.elements, storeId), `tpl-${template.id}`) : [];
}

/** The account's first store (null: none, or the list cannot be read: the template's placeholder stays). */
async function firstStoreId(http: Http): Promise<string | null> {
  try {
    return (await listStores(http))[0]?.storeId ?? null;
  } catch {
    return null;
  }
}

/**
 * Spec §4: a site's pages when present, otherwise its saved HTML parsed into elements; a new site gets Home (from
 * the chosen template). True when a new site's Home was given a template's elements.
 */
function seed(
  site: SiteDoc,
  website: Website | null,
  templateId: string | undefined,
  storeId: string | null,
): boolean {
  if (site.pages.size > 0) return false;
  let fromTemplate = false;
  site.doc.transact(() => {
    const pages = website?.pages ?? [];
    if (pages.length > 0) {
      addSpecPages(site, pages);
      return;
    }
    const parsed = website?.htmlContent
      ? withIds(parseHtmlToElements(website.htmlContent), 'parsed')
      : website
        ? []
        : chosenTemplate(templateId, storeId);
    addPage(site, { id: HOME_PAGE_ID, name: 'Home', path: 'home', isHomePage: true });
    for (const node of parsed) insertElement(site, node, { pageId: HOME_PAGE_ID, parentId: null });
    fromTemplate = !website && parsed.length > 0;
  }, SEED_ORIGIN);
  return fromTemplate;
}

/**
 * Opens a site: local storage and tab sync first, then the server's copy merged in (spec §4); a saved site also
 * co-edits live with the other devices through the sync server (`remote`: null runs without one).
 */
export async function loadSite(
  http: Http,
  input: LoadInput,
  remote: CollabRemote | null = null,
): Promise<LoadedSite> {
  const site = createSiteDoc();
  const collab = remote ? new SiteCollab(site, remote) : null;
  const connection = connectSite(site, roomFor(input.websiteId ?? input.draftId), collab);
  try {
    const template = input.websiteId ? undefined : templateOf(input.templateId);
    const [website, businessName, storeId] = await Promise.all([
      input.websiteId ? getWebsite(http, input.websiteId) : Promise.resolve(null),
      input.websiteId ? Promise.resolve(null) : newSiteName(http),
      template && showsStore(template.elements) ? firstStoreId(http) : Promise.resolve(null),
      connection.whenLoaded,
    ]);
    if (website?.yjsState) applyEncodedState(site, website.yjsState);
    const seeded = seed(site, website, input.templateId, storeId);
    return {
      session: { store: new SiteStore(site), connection, collab },
      name: website?.name ?? businessName ?? DEFAULT_SITE_NAME,
      seeded,
    };
  } catch (error) {
    connection.destroy();
    throw error;
  }
}

/**
 * A new site is named after the business ('My Website' when there is no business name, or it can't be read),
 * told apart from the account's sites that have that name already ('Bench Bakery 2').
 */
async function newSiteName(http: Http): Promise<string> {
  let base = DEFAULT_SITE_NAME;
  try {
    base = (await getBusinessProfile(http))?.businessName.trim() || DEFAULT_SITE_NAME;
  } catch {
    // No business name to read: the default name.
  }
  return freeSiteName(http, base);
}

/**
 * Saves a site: pages, exported HTML and the Yjs state. Without an id it creates a new site (a draft's first
 * edit, or Save as: a copy), and the document moves to the new site's room.
 */
export async function saveSite(http: Http, input: SaveInput): Promise<SavedSite> {
  const { site } = input.session.store;
  const pages = toSpecPages(site);
  const payload = {
    name: input.name,
    htmlContent: renderSiteHtml(pages, input.name),
    pagesData: JSON.stringify(pages),
    pages,
    yjsState: encodeState(site),
  };
  const saved = input.websiteId
    ? await updateWebsite(http, input.websiteId, payload)
    : await saveWebsite(http, payload);
  if (!input.websiteId) moveToRoom(input.session, roomFor(saved.id));
  return { websiteId: saved.id, name: saved.name };
}

// A new site continues in the room of its id. A draft's local copy is dropped; a saved site's (the original
// of a Save as) stays, as it may hold offline edits of that site.
function moveToRoom(session: BuilderSession, room: string): void {
  const previous = session.connection.room;
  session.connection.destroy();
  session.connection = connectSite(session.store.site, room, session.collab);
  if (!isSavedRoom(previous)) void clearRoom(previous);
}
