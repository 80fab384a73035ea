import type { Account } from './apiTypes.ts';
import type { Http } from './http.ts';

type RawAccount = Omit<Account, 'id' | 'description'> & { id: string | number; description?: string | null };

/** GET /api/accounts: the accounts the user belongs to. */
export async function listAccounts(http: Http): Promise<Account[]> {
  const raw = await http.get('accounts').json<RawAccount[]>();
  return raw.map((account) => ({
    ...account,
    id: String(account.id),
    description: account.description ?? '',
  }));
}
