/**
 * Whether a request's `If-None-Match` names this entity tag (RFC 9110 §13.1.2: a list, weak comparison, or `*`),
 * so the answer may be a 304 without the body.
 */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}
