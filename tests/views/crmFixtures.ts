/** What the CRM view tests share: a contact, and how a request the fake server got reads. */

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
