/** What changed on one page between two versions of a site (elements counted, hidden ones left out). */
export type PageChange = {
  pageId: string;
  /** The page's name in the newer version (or the older one when the page was removed). */
  page: string;
  status: 'added' | 'removed' | 'changed';
  added: number;
  removed: number;
  changed: number;
};

/** A named version of a website as the history lists it (GET /api/website/{id}/versions). */
export type VersionSummary = {
  id: number;
  name: string;
  kind: 'named' | 'publish';
  createdAt: string;
  author: { id: number | null; name: string };
  /** What changed since the version before it, per page. */
  changes: PageChange[];
};
