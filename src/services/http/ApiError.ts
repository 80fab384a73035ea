/**
 * The one error the services throw: the HTTP status (0 when no response arrived) and the
 * server's `{message}` (or the status text when the body has none).
 */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/** The message of an error for display, or `fallback` when it has none worth showing. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return fallback;
}
