import type { Plugin } from 'vite';
import { TAB_BROKER_PATH, TAB_BROKER_SOURCE } from '../src/canvas/tabBroker.ts';

/**
 * Serves the tab broker's SharedWorker script (`src/canvas/tabBroker.ts`) at its fixed path: emitted into the
 * build as `/tab-broker.js` (not hashed, so the tabs of every deploy reach one broker), and answered by the dev
 * server's middleware under `npm run dev`.
 */
export function tabBrokerPlugin(): Plugin {
  const fileName = TAB_BROKER_PATH.slice(1);
  return {
    name: 'app-tab-broker',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (request.url?.split('?')[0] !== TAB_BROKER_PATH) return next();
        response.setHeader('content-type', 'text/javascript; charset=utf-8');
        response.end(TAB_BROKER_SOURCE);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: TAB_BROKER_SOURCE });
    },
  };
}
