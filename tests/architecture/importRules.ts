// The layer rules of ARCHITECTURE.md: contracts ← canvas ← machines ← views; client services ← machines and
// views; server ← contracts and canvas only; canvas elements import no machines.
import type { ImportEdge } from './importGraph.ts';

type Layer = 'contracts' | 'canvas' | 'machines' | 'services' | 'views' | 'entry' | 'server';

export function layerOf(file: string): Layer | null {
  if (file.startsWith('server/')) return 'server';
  if (file.startsWith('src/contracts/')) return 'contracts';
  if (file.startsWith('src/canvas/')) return 'canvas';
  if (file.startsWith('src/machines/')) return 'machines';
  if (file.startsWith('src/services/')) return 'services';
  if (file.startsWith('src/views/')) return 'views';
  if (file.startsWith('src/')) return 'entry';
  return null;
}

const ALLOWED: Record<Layer, Layer[]> = {
  contracts: ['contracts'],
  canvas: ['contracts', 'canvas'],
  machines: ['contracts', 'canvas', 'machines', 'services'],
  // The client's HTTP calls may use the document's pure helpers (pages, SEO audit); never machines or views.
  services: ['contracts', 'canvas', 'services'],
  views: ['contracts', 'canvas', 'machines', 'services', 'views'],
  entry: ['contracts', 'canvas', 'machines', 'services', 'views', 'entry'],
  server: ['contracts', 'canvas', 'server'],
};

/**
 * The published-site runtime (src/canvas/published/) is a small app of its own: it alone in canvas may drive
 * the cart machine, through the shoppers' store client.
 */
const PUBLISHED_RUNTIME_MAY_USE = new Set([
  'src/machines/store/cartMachine.ts',
  'src/machines/store/liveCartMachine.ts',
  'src/services/store/storeClient.ts',
]);

/** Why an edge breaks the rules, or null when it is allowed. */
export function violationOf(edge: ImportEdge): string | null {
  const from = layerOf(edge.from);
  const to = layerOf(edge.to);
  if (from === null || to === null) return null;
  if (ALLOWED[from].includes(to)) return null;
  if (edge.from.startsWith('src/canvas/published/') && PUBLISHED_RUNTIME_MAY_USE.has(edge.to)) return null;
  return `${from} must not import ${to}`;
}
