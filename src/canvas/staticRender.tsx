import { type ReactElement, useContext } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { BusinessContext, type BusinessInfo, siteBusiness, withBusinessProps } from './businessTokens.ts';
import { NAV_MOBILE_CSS, SITE_CSS } from './elements/constants.ts';
import { definitionOf } from './elements/registry.ts';
import { type LinkablePage, SitePagesContext } from './pageLinks.ts';
import type { SpecElement, SpecPage } from './pagesData.ts';
import { escapeHtml } from './sanitize.ts';

/**
 * Renders spec-shaped elements with the registry's renderers (unknown types are left out), with the
 * business tokens of their properties resolved from the surrounding `BusinessContext`.
 */
export function StaticElements({ elements }: { elements: SpecElement[] }): ReactElement {
  const business = useContext(BusinessContext);
  return (
    <>
      {elements.map((element) => {
        const definition = definitionOf(element.type);
        if (!definition) return null;
        const { Render } = definition;
        const { id, type: _type, parentId: _parentId, children, ...props } = element;
        return (
          <Render key={id} id={id} props={withBusinessProps(props, business)}>
            {children.length > 0 ? <StaticElements elements={children} /> : null}
          </Render>
        );
      })}
    </>
  );
}

/**
 * The markup of one page's elements inside the site wrapper (business tokens from `business`; links to pages by
 * name, such as the footer's quick links, to `site`'s pages).
 */
export function renderPageMarkup(
  page: SpecPage,
  business: BusinessInfo | null = null,
  site: readonly LinkablePage[] = [],
): string {
  return renderToStaticMarkup(<SitePage page={page} business={business} site={site} />);
}

/** One page's elements inside the site wrapper, with what they resolve against (published pages use it too). */
export function SitePage({
  page,
  business,
  site,
}: {
  page: SpecPage;
  business: BusinessInfo | null;
  site: readonly LinkablePage[];
}) {
  return (
    <BusinessContext.Provider value={business}>
      <SitePagesContext.Provider value={site}>
        <div className="bz-site" data-page-path={page.path}>
          <StaticElements elements={page.elements} />
        </div>
      </SitePagesContext.Provider>
    </BusinessContext.Provider>
  );
}

/**
 * A complete HTML document for a page (the preview, the site's `htmlContent`): the business tokens as a visitor
 * gets them (`siteBusiness`: without a business name, the site's name).
 */
export function renderPageDocument(
  page: SpecPage,
  siteName: string,
  business: BusinessInfo | null = null,
  site: readonly LinkablePage[] = [],
): string {
  const title = escapeHtml(page.title || page.name || siteName);
  const description = page.description
    ? `<meta name="description" content="${escapeHtml(page.description)}">`
    : '';
  const visible = renderPageMarkup(page, siteBusiness(business, siteName), site);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>${description}<style>${SITE_CSS}${NAV_MOBILE_CSS}</style></head><body style="margin:0">${visible}</body></html>`;
}

/** `htmlContent` of the save payload: the home page (or the first page) as a document. */
export function renderSiteHtml(
  pages: SpecPage[],
  siteName: string,
  business: BusinessInfo | null = null,
): string {
  const home = pages.find((page) => page.isHomePage) ?? pages[0];
  return home ? renderPageDocument(home, siteName, business, pages) : '';
}
