// The one script of a published page (built by Vite into dist/site/, served from /sites/_assets/).
// Each feature is a module exporting `mountX(doc)`; add one import and one entry to add a feature.
import { mountForms } from './siteForms.ts';
import { mountNavbars } from './siteNavbar.ts';
import { mountStorefronts } from './storefront.ts';

const features: ReadonlyArray<(doc: Document) => void> = [mountForms, mountNavbars, mountStorefronts];

function start(): void {
  for (const mount of features) mount(document);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
