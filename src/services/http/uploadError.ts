import { ApiError } from './ApiError.ts';
import type { CallContext } from './http.ts';

/** Spec §8 upload messages, word for word. */
export const UPLOAD_NETWORK_ERROR = 'Upload error: Network or server issue';
export const uploadFailed = (message?: string) => `Upload failed: ${message?.trim() || 'Unknown error'}`;

/** An image upload's refusals and failures are said where the image was chosen (no generic toast beside). */
export const UPLOAD_SHOWN_HERE: CallContext = { quietStatuses: [400, 413, 415, 500, 502, 503] };

/** A failed upload in the words of spec §8: no answer at all, or the server's refusal with its message. */
export function uploadError(error: unknown): Error {
  const status = error instanceof ApiError ? error.status : 0;
  return new Error(status === 0 ? UPLOAD_NETWORK_ERROR : uploadFailed((error as Error).message));
}
