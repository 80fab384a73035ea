/** An error whose status and message are safe to show to the client as `{ message }`. */
export class HttpError extends Error {
  readonly statusCode: number;

  constructor(statusCode: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
  }
}

/** True for a PostgreSQL unique violation (both `pg` and PGlite expose the SQLSTATE as `code`). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
