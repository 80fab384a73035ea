import { afterEach, describe, expect, test } from 'vitest';
import { toSpecPages } from '../../src/canvas/pagesData.ts';
import { loadSite } from '../../src/machines/builder/builderEffects.ts';
import { createHttp } from '../../src/services/http/http.ts';

type Answers = Record<string, unknown>;

/** An http client whose fake server answers `GET /api/<path>` from `answers` (404 otherwise); `asked` lists paths. */
function server(answers: Answers, asked: string[] = []) {
  return createHttp({
    getToken: () => 'token-1',
    getAccountId: () => 'a1',
    onUnauthorized: () => {},
    notify: () => {},
    retry: 0,
    fetch: async (input) => {
      const path = new URL((input as Request).url).pathname.replace(/^\/api\//, '');
      asked.push(path);
      const found = path in answers;
      return new Response(JSON.stringify(found ? answers[path] : { message: 'Not found' }), {
        status: found ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
}

const profile = {
  businessName: 'Bench Bakery',
  industry: 'retail',
  services: 'Bread',
  email: 'a@b.c',
  phone: '1',
};
const listed = (name: string, id: number) => ({ id, name });

const opened: Array<{ destroy: () => void }> = [];
afterEach(() => {
  for (const session of opened.splice(0)) session.destroy();
});

async function newSiteName(answers: Answers): Promise<string> {
  const loaded = await loadSite(server(answers), { websiteId: null, draftId: `draft-${Math.random()}` });
  opened.push(loaded.session.connection);
  return loaded.name;
}

describe("a new site's name", () => {
  test("is the business's name while no site has it", async () => {
    expect(await newSiteName({ 'business/profile': profile, website: [listed('Spring menu', 1)] })).toBe(
      'Bench Bakery',
    );
  });

  test('is told apart from the sites already named after the business: "Bench Bakery 2", then 3', async () => {
    expect(await newSiteName({ 'business/profile': profile, website: [listed('Bench Bakery', 1)] })).toBe(
      'Bench Bakery 2',
    );
    expect(
      await newSiteName({
        'business/profile': profile,
        website: [listed('bench bakery', 1), listed('Bench Bakery 2', 2), listed('Bench Bakery 4', 3)],
      }),
    ).toBe('Bench Bakery 3');
  });

  test("is the business's name when the list cannot be read", async () => {
    expect(await newSiteName({ 'business/profile': profile })).toBe('Bench Bakery');
  });
});

describe('a new site from a template that shows a store', () => {
  const store = (storeId: string) => ({ storeId, storeName: 'Rosa’s Bakery', currency: 'USD' });
  /** The store ids of the new site's Home elements (a product grid, a cart…), and the paths asked. */
  async function storesShown(templateId: string, answers: Answers) {
    const asked: string[] = [];
    const loaded = await loadSite(server(answers, asked), {
      websiteId: null,
      draftId: `draft-${Math.random()}`,
      templateId,
    });
    opened.push(loaded.session.connection);
    const home = toSpecPages(loaded.session.store.site)[0];
    const shown = (home?.elements ?? []).flatMap((element) =>
      typeof element.storeId === 'string' ? [`${element.type}: ${element.storeId}`] : [],
    );
    return { shown, asked };
  }

  test('shows the account’s first store, not the placeholder store', async () => {
    const { shown } = await storesShown('ecommerce-modern', {
      'ecommerce/stores': [store('rosas-bakery'), store('rosas-catering')],
    });
    expect(shown).toEqual(['product-grid: rosas-bakery', 'shopping-cart: rosas-bakery']);
  });

  test('keeps the placeholder store while the account has none (or the list cannot be read)', async () => {
    expect((await storesShown('ecommerce-modern', { 'ecommerce/stores': [] })).shown).toEqual([
      'product-grid: default-store',
      'shopping-cart: default-store',
    ]);
    expect((await storesShown('ecommerce-modern', {})).shown).toEqual([
      'product-grid: default-store',
      'shopping-cart: default-store',
    ]);
  });

  test('a template without a store element does not ask for the stores', async () => {
    const { asked } = await storesShown('portfolio-minimal', { 'ecommerce/stores': [store('rosas-bakery')] });
    expect(asked).not.toContain('ecommerce/stores');
  });
});
