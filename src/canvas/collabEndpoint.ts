/** The path of the builder's co-editing WebSocket on the app's own origin (server/collab/collabAuth.ts). */
export const COLLAB_PATH = '/api/collab';

/** The WebSocket address of the sync server for a page at `location` (ws: next to http:, wss: next to https:). */
export function collabUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${COLLAB_PATH}`;
}
