import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublishRenderer } from '../../src/canvas/published/publishTypes.ts';
import { type PublishingOptions, SITE_SCRIPT_PATH } from './publishingDeps.ts';

/**
 * The built renderer (dist/server/publishRenderer.js, an SSR build of the TSX renderers) and the built
 * site script (dist/site/site.js), from `npm run build`. Missing files leave publishing unavailable
 * (the routes answer 503) rather than stopping the server.
 */
export async function loadPublishing(distDir: string): Promise<PublishingOptions & { missing: string[] }> {
  const missing: string[] = [];
  const rendererFile = path.join(distDir, 'server', 'publishRenderer.js');
  const scriptFile = path.join(distDir, 'site', 'site.js');
  let renderer: PublishRenderer | null = null;
  if (existsSync(rendererFile))
    renderer = (await import(pathToFileURL(rendererFile).href)) as PublishRenderer;
  else missing.push(rendererFile);
  let siteScript: PublishingOptions['siteScript'] = null;
  if (existsSync(scriptFile)) {
    const body = readFileSync(scriptFile);
    const version = createHash('sha256').update(body).digest('hex').slice(0, 12);
    siteScript = { body, src: `${SITE_SCRIPT_PATH}?v=${version}` };
  } else missing.push(scriptFile);
  return { renderer, siteScript, missing };
}
