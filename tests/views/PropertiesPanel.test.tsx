import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { insertElement } from '../../src/canvas/ops/elementOps.ts';
import { addPage, type NavItem, refreshNavigation } from '../../src/canvas/ops/pageOps.ts';
import { createSiteDoc } from '../../src/canvas/siteDoc.ts';
import { SiteStore } from '../../src/canvas/siteStore.ts';
import { PropertiesPanel } from '../../src/views/builder/PropertiesPanel.tsx';
import { renderInBuilder } from './builderHarness.tsx';
import type { Routes } from './renderApp.tsx';

/** The properties panel of one element of type `type` with `props`, on a one-page site. */
function renderPanel(type: string, props: Record<string, unknown> = {}, routes: Routes = {}) {
  const site = createSiteDoc();
  const pageId = addPage(site, { name: 'Home', path: '/', isHomePage: true });
  const id = insertElement(site, { type, props }, { pageId, parentId: null });
  const store = new SiteStore(site);
  const { requests } = renderInBuilder(store, <PropertiesPanel id={id} />, routes);
  return { store, id, requests };
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

  test('a link removed in Edit Navigation (Home) does not come back when a page is added', () => {
    const { store, id } = renderPanel('navbar');
    act(() => store.edit(() => refreshNavigation(store.site)));
    const labels = () =>
      ((store.getElement(id)?.props.navItems ?? []) as NavItem[]).map((item) => item.label);
    expect(labels()).toEqual(['Home']);
    act(() => store.edit(() => addPage(store.site, { name: 'About', path: 'about' })));

    fireEvent.click(screen.getByRole('button', { name: 'Edit Navigation' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Navigation' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Home' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(labels()).toEqual(['About']);

    // The Pages tab's Add Page.
    act(() => store.edit(() => addPage(store.site, { name: 'Menu', path: 'menu' })));

    expect(labels()).toEqual(['About', 'Menu']);
  });

  test('only the fields of the chosen Background Type are shown', () => {
    const { store, id } = renderPanel('section', { backgroundType: 'color', backgroundColor: '#ffffff' });
    const backgroundFields = () =>
      ['Background Color', 'Gradient', 'Background Image URL'].filter(
        (label) => screen.queryByLabelText(label) !== null,
      );
    expect(backgroundFields()).toEqual(['Background Color']);

    const choose = (type: string) => {
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Background Type' }));
      fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: type }));
    };
    choose('gradient');
    expect(backgroundFields()).toEqual(['Gradient']);
    choose('image');
    expect(backgroundFields()).toEqual(['Background Image URL']);
    expect(screen.getByRole('button', { name: 'Upload Image' }).textContent).toBe('Upload Image');

    // An element with no Background Type set shows its colour, as the canvas paints it.
    act(() => store.edit(() => store.site.elements.get(id)?.delete('backgroundType')));
    expect(backgroundFields()).toEqual(['Background Color']);
  });

  test('the navbar’s own colours show only for its custom Theme, the one that paints them', () => {
    renderPanel('navbar', { colorScheme: 'light' });
    const customColors = () =>
      ['Background Color (custom)', 'Text Color (custom)'].filter(
        (label) => screen.queryByLabelText(label) !== null,
      );
    expect(customColors()).toEqual([]);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Theme' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'custom' }));
    expect(customColors()).toEqual(['Background Color (custom)', 'Text Color (custom)']);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Theme' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'dark' }));
    expect(customColors()).toEqual([]);
  });
});

describe('the properties panel › Upload Image', () => {
  test('a failed upload says why under the button, until the next attempt; a good one sets the image', async () => {
    const answers = [
      () => ({ status: 400, body: { message: 'Only image files can be uploaded' } }),
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => ({ body: { url: '/api/uploads/bread.png' } }),
    ];
    const { store, id, requests } = renderPanel(
      'image',
      { imageUrl: '' },
      { 'POST /api/website/upload-image': () => answers.shift()?.() ?? { status: 500 } },
    );
    const choose = (file: File) =>
      fireEvent.change(screen.getByLabelText('Upload Image'), { target: { files: [file] } });
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'bread.png', { type: 'image/png' });
    const shown = () => screen.queryByRole('alert')?.textContent ?? null;

    choose(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(shown()).toBe('Upload failed: Please select an image file');
    expect(requests).toEqual([]);

    choose(png);
    await waitFor(() => expect(shown()).toBe('Upload failed: Only image files can be uploaded'));

    choose(png);
    await waitFor(() => expect(shown()).toBe('Upload error: Network or server issue'));
    expect(store.getElement(id)?.props.imageUrl).toBe('');

    choose(png);
    await waitFor(() => expect(store.getElement(id)?.props.imageUrl).toBe('/api/uploads/bread.png'));
    expect(shown()).toBeNull();
    expect(requests.length).toBe(3);
  });

  test('the message closes with its Close button', () => {
    renderPanel('image', { imageUrl: '' });
    fireEvent.change(screen.getByLabelText('Upload Image'), {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
