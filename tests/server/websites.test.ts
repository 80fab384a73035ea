import { expect, it } from 'vitest';
import { describeEachDatabase } from './harness.ts';

const pages = [
  {
    id: 'home',
    name: 'Home',
    path: 'home',
    isHomePage: true,
    elements: [{ id: 'e1', type: 'header', content: 'Hi', children: [] }],
  },
];
const save = {
  name: 'Rosa’s Bakery',
  htmlContent: '<!doctype html><p>Hi</p>',
  pagesData: JSON.stringify(pages),
  pages,
  // An empty Yjs document's update: the server only stores states it can read.
  yjsState: 'AAA=',
};

describeEachDatabase('websites', (ctx) => {
  it('saves, lists, reads (with the Yjs state), updates and deletes a website of the account', async () => {
    const { token } = await ctx.register();
    const created = await ctx.call('POST', '/api/website/save', { token, body: save });
    expect(created.statusCode, created.body).toBe(200);
    const site = created.json<{ id: number; name: string; isActive: boolean; createdAt: string }>();
    expect(site).toMatchObject({
      name: 'Rosa’s Bakery',
      isActive: true,
      isPublished: false,
      pages,
      yjsState: 'AAA=',
    });
    expect(typeof site.id).toBe('number');

    const list = await ctx.call('GET', '/api/website', { token });
    expect(list.json()).toEqual([
      expect.objectContaining({ id: site.id, name: 'Rosa’s Bakery', createdAt: site.createdAt }),
    ]);
    expect(list.json()[0]).not.toHaveProperty('htmlContent');

    const read = await ctx.call('GET', `/api/website/${site.id}`, { token });
    expect(read.json()).toMatchObject({
      name: 'Rosa’s Bakery',
      htmlContent: save.htmlContent,
      pages,
      yjsState: 'AAA=',
    });

    const updated = await ctx.call('PUT', `/api/website/${site.id}`, {
      token,
      body: { name: ' Renamed ', pages: [], htmlContent: '' },
    });
    expect(updated.statusCode).toBe(200);
    // The stored Yjs state stays when an update does not send one.
    expect(updated.json()).toMatchObject({ name: 'Renamed', pages: [], yjsState: 'AAA=' });

    expect((await ctx.call('DELETE', `/api/website/${site.id}`, { token })).statusCode).toBe(204);
    expect((await ctx.call('GET', `/api/website/${site.id}`, { token })).statusCode).toBe(404);
    expect((await ctx.call('GET', '/api/website', { token })).json()).toEqual([]);
  });

  it('reads pages from pagesData when pages is absent', async () => {
    const { token } = await ctx.register();
    const response = await ctx.call('POST', '/api/website/save', {
      token,
      body: { name: 'A', pagesData: JSON.stringify(pages) },
    });
    expect(response.json()).toMatchObject({ pages });
    const bad = await ctx.call('POST', '/api/website/save', {
      token,
      body: { name: 'A', pagesData: '{nope' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('another account gets 404 for every call on a site it does not own', async () => {
    const owner = await ctx.register();
    const stranger = await ctx.register();
    const { id } = (await ctx.call('POST', '/api/website/save', { token: owner.token, body: save })).json<{
      id: number;
    }>();
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', save],
      ['DELETE', undefined],
    ] as const) {
      const response = await ctx.call(method, `/api/website/${id}`, { token: stranger.token, body });
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toEqual({ message: 'Website not found' });
    }
    expect((await ctx.call('GET', '/api/website', { token: stranger.token })).json()).toEqual([]);
    expect((await ctx.call('GET', `/api/website/${id}`, { token: owner.token })).statusCode).toBe(200);
  });

  it('requires a name, rejects unknown fields, bad ids and a missing token', async () => {
    const { token } = await ctx.register();
    for (const body of [
      { ...save, name: '   ' },
      { htmlContent: '' },
      { ...save, extra: 1 },
      { ...save, yjsState: 'not base64!' },
      { ...save, yjsState: 'AQID' },
    ]) {
      expect((await ctx.call('POST', '/api/website/save', { token, body })).statusCode).toBe(400);
    }
    const blank = await ctx.call('POST', '/api/website/save', { token, body: { name: '' } });
    expect(blank.json()).toEqual({ message: 'name must not be empty' });
    expect((await ctx.call('GET', '/api/website/abc', { token })).statusCode).toBe(400);
    expect((await ctx.call('GET', '/api/website')).statusCode).toBe(401);
  });

  it('refuses an oversized body with 413', async () => {
    const { token } = await ctx.register();
    const huge = 'x'.repeat(11 * 1024 * 1024);
    const response = await ctx.call('POST', '/api/website/save', {
      token,
      body: { name: 'Big', htmlContent: huge },
    });
    expect(response.statusCode).toBe(413);
  });
});
