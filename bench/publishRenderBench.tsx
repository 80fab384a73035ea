// Runs inside Vite's SSR module loader (bench/run.ts): publishing's page renderer vs bare renderToStaticMarkup.
import { renderToStaticMarkup } from 'react-dom/server';
import { renderPublishedSite } from '../src/canvas/published/publishRenderer.tsx';
import { StaticElements } from '../src/canvas/staticRender.tsx';
import { fiftyPageSite } from './fiftyPages.ts';

export type PublishRenderFigures = { pages: number; publishPerPageMs: number; renderPerPageMs: number };

function timePerRun(rounds: number, run: () => void): number {
  for (let i = 0; i < 3; i += 1) run(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

/** Median time per page: rendering all 50 published documents vs renderToStaticMarkup of the same trees. */
export function publishRenderBench(): PublishRenderFigures {
  const { name, pages } = fiftyPageSite();
  const input = { siteName: name, subdomain: 'bench', pages, scriptSrc: '/sites/_assets/site.js?v=1' };
  const rounds = 15;
  const publishMs = timePerRun(rounds, () => {
    if (renderPublishedSite(input).pages.length !== pages.length) throw new Error('a page was lost');
  });
  const renderMs = timePerRun(rounds, () => {
    for (const page of pages) {
      renderToStaticMarkup(
        <div className="bz-site" data-page-path={page.path}>
          <StaticElements elements={page.elements} />
        </div>,
      );
    }
  });
  return {
    pages: pages.length,
    publishPerPageMs: publishMs / pages.length,
    renderPerPageMs: renderMs / pages.length,
  };
}
