import type { SpecElement, SpecPage } from '../pagesData.ts';

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;

function elementOf(value: unknown, parentId: string | null, index: number): SpecElement | null {
  if (!isObject(value) || typeof value.type !== 'string' || value.deleted === true) return null;
  const id = typeof value.id === 'string' && value.id ? value.id : `${parentId ?? 'root'}-${index}`;
  return {
    ...value,
    id,
    type: value.type,
    parentId,
    children: elementsOf(value.children, id),
  };
}

function elementsOf(value: unknown, parentId: string | null): SpecElement[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item, index) => elementOf(item, parentId, index) ?? []);
}

/**
 * Stored pages (JSON from a save) in the exact shape the renderers expect: malformed pages and elements are
 * dropped, missing children become empty lists, deleted elements are left out.
 */
export function specPagesOf(value: unknown): SpecPage[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((page, index): SpecPage[] => {
    if (!isObject(page) || typeof page.path !== 'string') return [];
    return [
      {
        id: typeof page.id === 'string' ? page.id : `page-${index}`,
        name: typeof page.name === 'string' ? page.name : page.path,
        path: page.path,
        isHomePage: page.isHomePage === true,
        title: typeof page.title === 'string' ? page.title : undefined,
        description: typeof page.description === 'string' ? page.description : undefined,
        canonicalUrl: typeof page.canonicalUrl === 'string' ? page.canonicalUrl : undefined,
        ogImage: typeof page.ogImage === 'string' ? page.ogImage : undefined,
        noindex: page.noindex === true,
        elements: elementsOf(page.elements, null),
      },
    ];
  });
}
