import type { BusinessInfo } from '../businessTokens.ts';
import type { SpecPage } from '../pagesData.ts';
import type { SiteSeo } from '../siteSeo.ts';

/** A form of a published site: the public endpoint accepts posts only to these. */
export type PublishedForm = {
  formId: string;
  formTitle: string;
  pagePath: string;
  /** The labels of its fields, which are the keys of a submission's data. */
  fields: string[];
};

/** One served page: `path` is '' for the home page. */
/** `noindex`: kept out of search engines and out of the sitemap. */
export type PublishedPage = { path: string; title: string; html: string; noindex: boolean };

export type PublishInput = {
  siteName: string;
  subdomain: string;
  pages: SpecPage[];
  /** Where the published pages load their script from (versioned, same origin as the page). */
  scriptSrc: string;
  /** The site's SEO defaults (SEO Tools › Site settings); none when absent. */
  seo?: SiteSeo;
  /**
   * The account's business details, as they are at publishing: the business tokens of the pages (without a
   * business name, `siteName` stands in, as on the canvas: `siteBusiness`).
   */
  business?: BusinessInfo | null;
};

/**
 * `homePath`: the home page's own path ('home' for the builder's Home page), which redirects to the site's root
 * (where the home page is served); '' when it has none.
 */
export type PublishOutput = { pages: PublishedPage[]; forms: PublishedForm[]; homePath: string };

/** What the server needs to publish: the page-document renderer, from source (tests) or from the SSR build. */
export type PublishRenderer = {
  renderPublishedSite: (input: PublishInput) => PublishOutput;
  /** The `htmlContent` of a site: its home page as a document (the builder's save does the same). */
  renderSiteHtml: (pages: SpecPage[], siteName: string, business?: BusinessInfo | null) => string;
};

export { HONEYPOT_FIELD } from '../../contracts/forms.ts';
