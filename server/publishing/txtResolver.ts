import { Resolver } from 'node:dns/promises';

/** Looks up the TXT records of a name, as node:dns `resolveTxt` answers (each record in chunks). */
export type TxtResolver = (name: string) => Promise<string[][]>;

/** What a lookup of the verification record concluded. */
export type TxtLookup = 'found' | 'missing' | 'failed';

// Answers that mean "no such record" (as opposed to a DNS server that could not be asked).
const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

/** The production resolver: the system's DNS servers, a few seconds per try. */
export function createSystemTxtResolver(): TxtResolver {
  const resolver = new Resolver({ timeout: 4000, tries: 2 });
  return (name) => resolver.resolveTxt(name);
}

/** Whether a TXT record of `name` holds exactly `value` (a record's chunks joined, as DNS splits long ones). */
export async function lookUpTxt(resolveTxt: TxtResolver, name: string, value: string): Promise<TxtLookup> {
  try {
    const records = await resolveTxt(name);
    return records.some((chunks) => chunks.join('').trim() === value) ? 'found' : 'missing';
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' && ABSENT.has(code) ? 'missing' : 'failed';
  }
}
