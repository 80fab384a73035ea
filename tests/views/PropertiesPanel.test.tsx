import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { insertElement } from '../../src/canvas/ops/elementOps.ts';
import { addPage } from '../../src/canvas/ops/pageOps.ts';
import { createSiteDoc } from '../../src/canvas/siteDoc.ts';
import { SiteStore } from '../../src/canvas/siteStore.ts';
import { PropertiesPanel } from '../../src/views/builder/PropertiesPanel.tsx';
import { renderInBuilder } from './builderHarness.tsx';

/** The properties panel of one element of type `type` with `props`, on a one-page site. */
function renderPanel(type: string, props: Record<string, unknown> = {}) {
  const site = createSiteDoc();
  const pageId = addPage(site, { name: 'Home', path: '/', isHomePage: true });
  const id = insertElement(site, { type, props }, { pageId, parentId: null });
  const store = new SiteStore(site);
  renderInBuilder(store, <PropertiesPanel id={id} />);
  return { store, id };
}

/** Types `text` into `input` one keystroke at a time, as a person does. */
function typeInto(input: HTMLElement, text: string) {
  const field = input as HTMLInputElement;
  for (const char of text) fireEvent.change(field, { target: { value: field.value + char } });
}

describe('the properties panel', () => {
  test('a typed image address is one undo step, not one per keystroke', () => {
    const { store, id } = renderPanel('image', { imageUrl: '' });
    const address = screen.getByRole('textbox', { name: 'Image URL' });
    fireEvent.focus(address);
    typeInto(address, '/bread.jpg');
    expect(store.getElement(id)?.props.imageUrl).toBe('/bread.jpg');

    act(() => store.undo());

    expect(store.getElement(id)?.props.imageUrl).toBe('');
    expect(screen.getByRole('textbox', { name: 'Image URL' })).toHaveProperty('value', '');
  });

  test('a number field can be emptied to type a new price: no 0 put in, no "07"', () => {
    const { store, id } = renderPanel('product-card', { price: 99.99 });
    const price = screen.getByRole('spinbutton', { name: 'Price' });
    fireEvent.focus(price);

    fireEvent.change(price, { target: { value: '' } });
    expect(price).toHaveProperty('value', '');
    expect(store.getElement(id)?.props.price).toBe(99.99);

    fireEvent.change(price, { target: { value: '7' } });
    expect(price).toHaveProperty('value', '7');
    expect(store.getElement(id)?.props.price).toBe(7);

    fireEvent.change(price, { target: { value: '7.50' } });
    expect(price).toHaveProperty('value', '7.50');
    expect(store.getElement(id)?.props.price).toBe(7.5);

    // Left empty, the field shows the price kept.
    fireEvent.change(price, { target: { value: '' } });
    fireEvent.blur(price);
    expect(price).toHaveProperty('value', '7.5');
  });
});
