// A 50-page generated site: the generator's four pages, then its inner pages repeated under new paths.
import { generateSite } from '../src/canvas/generator/generateSite.ts';
import type { SpecElement, SpecPage } from '../src/canvas/pagesData.ts';

export const BENCH_BUSINESS = {
  businessName: 'Bench Bakery',
  industry: 'retail',
  services: 'Bread, Cakes, Pastries, Catering, Coffee, Workshops',
  email: 'bench@example.com',
  phone: '+1 555 0100',
};

function renumber(elements: SpecElement[], suffix: string, parentId: string | null): SpecElement[] {
  return elements.map((element) => {
    const id = `${element.id}-${suffix}`;
    return { ...element, id, parentId, children: renumber(element.children, suffix, id) };
  });
}

/** The pages of a 50-page generated site, in the builder's page format. */
export function fiftyPageSite(): { name: string; pages: SpecPage[] } {
  const { name, pages } = generateSite(BENCH_BUSINESS);
  const inner = pages.filter((page) => !page.isHomePage);
  const all = [...pages];
  for (let i = all.length; i < 50; i += 1) {
    const source = inner[i % inner.length] as SpecPage;
    all.push({
      ...source,
      id: `${source.id}-${i}`,
      name: `${source.name} ${i}`,
      path: `${source.path}-${i}`,
      elements: renumber(source.elements, String(i), null),
    });
  }
  return { name, pages: all };
}
