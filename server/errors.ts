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

/** What a request answers (503, with Retry-After) while the database cannot be reached. */
export const DATABASE_UNAVAILABLE = 'The database cannot be reached right now. Try again in a moment.';

// Node's socket errors of a connection that cannot be made or was cut.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);
// PostgreSQL's: class 08 (connection exception), the server shutting down or starting (57P01–57P03), and no
// connection slot left (53300).
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
// pg's own, which carry no code: a connection closed under a query, or none made within the pool's timeout.
const CLIENT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

/** True when `error` says the database is out of reach (not that a statement failed): the request may be retried. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (
    typeof code === 'string' &&
    (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08'))
  ) {
    return true;
  }
  // AggregateError (a host with several addresses, each refused) carries the code on its parts.
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return typeof message === 'string' && CLIENT_MESSAGES.some((text) => message.startsWith(text));
}
