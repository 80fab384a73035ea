import { formatMoney, formatOrderNumber, type OrderDetails } from '../../src/contracts/store.ts';
import type { Queryable } from '../db/types.ts';

/** The tag every buyer's contact carries. */
export const CUSTOMER_TAG = 'customer';

/** 'Ada Lovelace' → Ada / Lovelace; 'Cher' → Cher / ''; the last word is the last name. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstName: words[0] ?? '', lastName: '' };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1] ?? '' };
}

/**
 * Inside the order's transaction: the buyer becomes (or is found as) a contact of the store owner's account,
 * matched by email (stored trimmed and lowercased); a new one gets the buyer's name, phone and the 'customer'
 * tag, a known one gains the tag (and a phone when it had none). The order points at the contact, which gets an
 * 'order' activity. Resolves with the contact's id.
 */
export async function recordBuyerContact(
  tx: Queryable,
  accountId: number,
  order: OrderDetails,
): Promise<number> {
  const email = order.customer.email.trim().toLowerCase();
  const { firstName, lastName } = splitName(order.customer.name);
  const phone = order.customer.phone?.trim() ?? '';
  // One statement whether the contact exists or not: a parallel order of the same buyer cannot create it twice.
  const contact = await tx.one<{ id: number }>(
    `insert into crm_contacts as c (account_id, first_name, last_name, email, phone, tags)
     values ($1, $2, $3, $4, $5, array[$6::text])
     on conflict (account_id, email) where email <> '' do update set
       tags = case when $6::text = any(c.tags) then c.tags else c.tags || $6::text end,
       phone = case when c.phone = '' then excluded.phone else c.phone end,
       updated_at = now()
     returning id`,
    [accountId, firstName, lastName, email, phone, CUSTOMER_TAG],
  );
  if (!contact) throw new Error('the buyer contact was not stored');
  await tx.query('update orders set contact_id = $3 where account_id = $1 and id = $2', [
    accountId,
    order.id,
    contact.id,
  ]);
  const subject = `Order ${formatOrderNumber(order.orderNumber)} placed — ${formatMoney(order.total, order.currency)}`;
  const description = order.items.map((item) => `${item.quantity} × ${item.productName}`).join('\n');
  await tx.query(
    `insert into crm_activities (account_id, type, subject, description, completed, contact_id)
     values ($1, 'order', $2, $3, true, $4)`,
    [accountId, subject.slice(0, 300), description, contact.id],
  );
  return contact.id;
}
