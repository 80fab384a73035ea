/** What the CRM view tests share: a contact, a lead, and how a request the fake server got reads. */

/** A contact as GET /api/crm/contacts returns it. */
export const grace = {
  id: 4,
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@navy.example',
  phone: '',
  tags: [],
};

/** "GET /api/crm/contacts": the method and path of a request. */
export const requestPath = (r: Request) => `${r.method} ${new URL(r.url).pathname}`;
/** The query parameters of a request. */
export const requestQuery = (r: Request) => new URL(r.url).searchParams;

const stamp = '2026-01-01T00:00:00.000Z';
/** A lead as GET /api/crm/leads returns it. */
export const leadRow = (id: number, name: string, status: string, value: number) => ({
  id,
  name,
  email: '',
  phone: '',
  company: '',
  status,
  source: '',
  value,
  notes: '',
  pagePath: null,
  contactId: null,
  dealId: null,
  createdAt: stamp,
  updatedAt: stamp,
});
