import type { Industry } from '../../src/contracts/common.ts';
import type { Queryable } from '../db/types.ts';

export type BusinessProfile = {
  businessName: string;
  industry: Industry;
  services: string;
  email: string;
  phone: string;
};

const COLUMNS = `business_name as "businessName", industry, services, email, phone`;

/** Creates or replaces the business profile of `accountId`. */
export async function upsertBusinessProfile(
  db: Queryable,
  accountId: number,
  profile: BusinessProfile,
): Promise<BusinessProfile> {
  const row = await db.one<BusinessProfile>(
    `insert into business_profiles (account_id, business_name, industry, services, email, phone)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (account_id) do update set
       business_name = excluded.business_name, industry = excluded.industry,
       services = excluded.services, email = excluded.email, phone = excluded.phone,
       updated_at = now()
     returning ${COLUMNS}`,
    [accountId, profile.businessName, profile.industry, profile.services, profile.email, profile.phone],
  );
  if (!row) throw new Error('business profile upsert returned no row');
  return row;
}

export async function findBusinessProfile(db: Queryable, accountId: number): Promise<BusinessProfile | null> {
  return db.one<BusinessProfile>(`select ${COLUMNS} from business_profiles where account_id = $1`, [
    accountId,
  ]);
}
