import type { CallContext } from './http.ts';

/**
 * A file download (a CSV export) whose failure the page says itself, with what to do next: no generic toast
 * beside it. A 401 still ends the session and a 403 still says "Access Denied".
 */
export const DOWNLOAD_SHOWN_HERE: CallContext = { quietStatuses: [400, 404, 500, 502, 503, 504] };
