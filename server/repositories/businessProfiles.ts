import type {
  BusinessDetailsInput,
  BusinessProfileRow as BusinessProfile,
  BusinessSetupInput as BusinessSetup,
} from '../../src/contracts/business.ts';
import type { Queryable } from '../db/types.ts';

const COLUMNS = `business_name as "businessName", industry, services, email, phone, address,
  social_links as "socialLinks"`;

/** Creates or replaces the setup fields of `accountId`'s profile (its address and social links stay). */
export async function upsertBusinessProfile(
  db: Queryable,
  accountId: number,
  profile: BusinessSetup,
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
  // The account lists (switcher, Account Management) show the industry the business setup chose.
  await db.query('update accounts set industry = $2 where id = $1', [accountId, row.industry]);
  return row;
}

/** Replaces every field of `accountId`'s profile (Settings › Business details); null when it has none. */
export async function updateBusinessProfile(
  db: Queryable,
  accountId: number,
  profile: BusinessDetailsInput,
): Promise<BusinessProfile | null> {
  return db.one<BusinessProfile>(
    `update business_profiles set business_name = $2, industry = $3, services = $4, email = $5, phone = $6,
       address = $7, social_links = $8::jsonb, updated_at = now()
     where account_id = $1
     returning ${COLUMNS}`,
    [
      accountId,
      profile.businessName,
      profile.industry,
      profile.services,
      profile.email,
      profile.phone,
      profile.address,
      JSON.stringify(profile.socialLinks),
    ],
  );
}

export async function findBusinessProfile(db: Queryable, accountId: number): Promise<BusinessProfile | null> {
  return db.one<BusinessProfile>(`select ${COLUMNS} from business_profiles where account_id = $1`, [
    accountId,
  ]);
}
