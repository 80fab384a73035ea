import { expect, test } from 'vitest';
import { definitionOf } from '../../src/canvas/elements/registry.ts';
import { insertElement, removeElement, updateElement } from '../../src/canvas/ops/elementOps.ts';
import { addPage } from '../../src/canvas/ops/pageOps.ts';
import { edit } from '../../src/canvas/siteDoc.ts';
import { startingTextsLeft } from '../../src/canvas/startingText.ts';
import { siteWithHome } from './canvasFixtures.ts';

// A component as the Components panel adds it: with its type's defaults.
const fresh = (type: string, props: Record<string, unknown> = {}) => ({
  ...definitionOf(type)?.defaults(),
  ...props,
});

test('lists the components still showing their starting prompt, page by page in order, and only prompts', () => {
  const site = siteWithHome();
  edit(site, () => {
    const home = { pageId: 'home', parentId: null };
    insertElement(site, { id: 'intro', type: 'text', props: fresh('text') }, home);
    insertElement(site, { id: 'welcome', type: 'header', props: fresh('header') }, home);
    insertElement(
      site,
      {
        id: 'offer',
        type: 'section',
        props: {},
        children: [
          { id: 'card', type: 'card', props: fresh('card', { content: 'Sourdough' }) },
          { id: 'cta', type: 'button', props: fresh('button') },
        ],
      },
      home,
    );
    insertElement(site, { id: 'gone', type: 'text', props: fresh('text') }, home);
    addPage(site, { id: 'about', name: 'About', path: 'about' });
    insertElement(
      site,
      { id: 'story', type: 'text', props: fresh('text') },
      { pageId: 'about', parentId: null },
    );
  });
  edit(site, () => {
    updateElement(site, 'welcome', { content: 'Rosa’s Bakery' });
    removeElement(site, 'gone');
  });

  expect(startingTextsLeft(site).map(({ id, pageName, label, text }) => [id, pageName, label, text])).toEqual(
    [
      ['intro', 'Home', 'Text', 'Add your text here. Click to edit.'],
      // Its title was written; its description is still the prompt.
      ['card', 'Home', 'Card', 'A short description of this card.'],
      ['cta', 'Home', 'Button', 'Click Me'],
      ['story', 'About', 'Text', 'Add your text here. Click to edit.'],
    ],
  );
});
