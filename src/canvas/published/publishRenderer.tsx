import { renderToStaticMarkup } from 'react-dom/server';
import { siteBusiness } from '../businessTokens.ts';
import { NAV_MOBILE_CSS, SITE_CSS } from '../elements/constants.ts';
import { formFieldsOf } from '../elements/form/formElement.tsx';
import type { SpecElement, SpecPage } from '../pagesData.ts';
import { escapeHtml } from '../sanitize.ts';
import { type ResolvedPageSeo, resolvePageSeo, servedPath } from '../siteSeo.ts';
import { SitePage } from '../staticRender.tsx';

export { renderSiteHtml } from '../staticRender.tsx';

import { PublishedContext } from './publishedContext.ts';
import type { PublishedForm, PublishedPage, PublishInput, PublishOutput } from './publishTypes.ts';

// What only the live site needs: the honeypot off-screen, the form status line, the mobile menu.
const PUBLISHED_CSS = `.bz-hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.bz-form-status{margin:12px 0 0;color:#2e7d32;font-weight:600}
.bz-form-status[data-error]{color:#c62828}
.bz-nav li.bz-sub-open>ul{display:flex}
${NAV_MOBILE_CSS}`;

// Root-relative links ("/about", "/") become relative ("./about", "./"), so one stored document works both
// under /sites/{subdomain}/ on the app's host and at the root of the site's own host. React escapes quotes
// inside attribute values, so ` href="/` only ever starts a real attribute.
// Our uploads and the API stay root-absolute (so does a page-relative './api/uploads/…' image or preload):
// /api/ reaches the app under /sites/{subdomain}/ and passes through on a site's own host.
function relativeLinks(html: string): string {
  return html
    .replace(/ href="\/(?!\/|api\/)/g, ' href="./')
    .replace(/ (src|href)="(?:\.{1,2}\/)*(api\/uploads\/)/g, ' $1="/$2');
}

function collectForms(elements: SpecElement[], pagePath: string, into: PublishedForm[]): void {
  for (const element of elements) {
    if (element.type === 'form') {
      const title = typeof element.content === 'string' && element.content.trim() ? element.content : 'Form';
      into.push({
        formId: element.id,
        formTitle: title.slice(0, 200),
        pagePath,
        fields: formFieldsOf(element.formFields).map((field) => field.label),
      });
    }
    collectForms(element.children, pagePath, into);
  }
}

function metaTags(seo: ResolvedPageSeo, input: PublishInput): string {
  const tags = [
    `<meta property="og:title" content="${escapeHtml(seo.title)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(input.siteName)}">`,
  ];
  if (seo.description) {
    tags.unshift(`<meta name="description" content="${escapeHtml(seo.description)}">`);
    tags.push(`<meta property="og:description" content="${escapeHtml(seo.description)}">`);
  }
  // Only http(s) and site-relative addresses (resolvePageSeo applies the rule): never a script scheme.
  if (seo.canonicalUrl) tags.push(`<link rel="canonical" href="${escapeHtml(seo.canonicalUrl)}">`);
  if (seo.ogImage) tags.push(`<meta property="og:image" content="${escapeHtml(seo.ogImage)}">`);
  if (seo.noindex) tags.unshift('<meta name="robots" content="noindex">');
  return tags.join('');
}

/** One page as a document; `site`: the pages published with it (what its links to pages may point to). */
function renderPage(page: SpecPage, input: PublishInput, site: SpecPage[]): PublishedPage {
  const seo = resolvePageSeo(page, input.siteName, input.seo);
  const body = renderToStaticMarkup(
    <PublishedContext.Provider value={true}>
      <SitePage page={page} business={siteBusiness(input.business ?? null, input.siteName)} site={site} />
    </PublishedContext.Provider>,
  );
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(seo.title)}</title>${metaTags(seo, input)}<meta name="bz-site" content="${escapeHtml(input.subdomain)}"><style>${SITE_CSS}${PUBLISHED_CSS}</style><script src="${escapeHtml(input.scriptSrc)}" defer></script></head><body style="margin:0">${relativeLinks(body)}</body></html>`;
  return { path: servedPath(page), title: seo.title, html, noindex: seo.noindex };
}

/**
 * Renders every page of a site into a complete, static HTML document with the element renderers of the
 * canvas (with the site's SEO defaults where a page has none), and lists the site's forms and the home page's own
 * path. Pages whose served path repeats an earlier one are left out.
 */
export function renderPublishedSite(input: PublishInput): PublishOutput {
  const site: SpecPage[] = [];
  const seen = new Set<string>();
  const ordered = [...input.pages].sort((a, b) => Number(b.isHomePage) - Number(a.isHomePage));
  for (const [index, page] of ordered.entries()) {
    // A site without a home flag still gets a front page: the first one.
    const spec = index === 0 && !ordered.some((p) => p.isHomePage) ? { ...page, isHomePage: true } : page;
    const path = servedPath(spec);
    if (seen.has(path) || (!spec.isHomePage && path === '')) continue;
    seen.add(path);
    site.push(spec);
  }
  const pages = site.map((spec) => renderPage(spec, input, site));
  const forms: PublishedForm[] = [];
  for (const spec of site) collectForms(spec.elements, servedPath(spec), forms);
  const home = ordered[0];
  // The home page's own path, as if it were not the home page (a page at that path is served instead).
  const homePath = home ? servedPath({ ...home, isHomePage: false }) : '';
  return { pages, forms, homePath };
}
