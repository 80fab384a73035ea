import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import type { ElementNode } from '../../src/canvas/ops/elementOps.ts';
import { TEMPLATES } from '../../src/canvas/templates.ts';
import { Themed } from '../../src/views/App.tsx';
import {
  TemplateThumbnail,
  THUMBNAIL_PAGE_WIDTH,
} from '../../src/views/dashboard/sections/TemplateThumbnail.tsx';

const countNodes = (nodes: ElementNode[]): number =>
  nodes.reduce((sum, node) => sum + 1 + countNodes(node.children ?? []), 0);

function renderThumbnail(index: number) {
  render(
    <Themed>
      <TemplateThumbnail template={TEMPLATES[index]} />
    </Themed>,
  );
  return screen.getByTestId('template-thumbnail');
}

afterEach(cleanup);

describe('template thumbnails', () => {
  test('draw the template’s own elements with the element renderers, each of them', () => {
    const template = TEMPLATES[0];
    const thumbnail = renderThumbnail(0);

    expect(thumbnail.querySelectorAll('[data-element-id]')).toHaveLength(countNodes(template.elements));
    // The hero heading, a feature card, a price and the footer, as the template writes them.
    expect(thumbnail.querySelector('h1')?.textContent).toContain('Professional Services');
    expect(thumbnail.textContent).toContain('Consulting');
    expect(thumbnail.textContent).toContain('Enterprise');
    // The brand is the owner's business name (a token): the picture shows a sample where it goes.
    expect(thumbnail.querySelector('nav')?.textContent).toContain('Your Business');
    expect(thumbnail.textContent).toContain('© Your Business. All rights reserved.');
    // No picture stands in for it any more.
    expect(thumbnail.querySelector('img[src^="data:image/svg"]')).toBeNull();
  });

  test('each template draws its own content', () => {
    const texts = TEMPLATES.map((_, index) => {
      const text = renderThumbnail(index).textContent;
      cleanup();
      return text;
    });
    expect(new Set(texts).size).toBe(TEMPLATES.length);
  });

  test('the page is laid out at desktop width and scaled down to the frame, from its top left', () => {
    const thumbnail = renderThumbnail(1);
    const page = thumbnail.querySelector<HTMLElement>('.bz-site');

    expect(page?.style.width).toBe(`${THUMBNAIL_PAGE_WIDTH}px`);
    // jsdom lays nothing out: the frame keeps its default 360 px, so 360 / 1200.
    expect(page?.style.transform).toBe('scale(0.3)');
    expect(page?.style.transformOrigin).toBe('left top');
  });

  test('it is a picture only: hidden from assistive technology and inert', () => {
    const thumbnail = renderThumbnail(2);

    expect(thumbnail.getAttribute('aria-hidden')).toBe('true');
    expect(thumbnail.hasAttribute('inert')).toBe(true);
    expect(screen.queryAllByRole('heading')).toEqual([]);
  });
});
