/** Contact fields a CSV column can fill, and how headers name them: shared by the import API and dialog. */

/** The contact fields a CSV column can fill; `name` is split into first and last name. */
export const IMPORT_FIELDS = [
  'firstName',
  'lastName',
  'name',
  'email',
  'phone',
  'company',
  'tags',
  'notes',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** Header text → field; a column mapped to '' (or absent) is ignored. */
export type ImportMapping = Record<string, ImportField | ''>;

const SYNONYMS: Record<string, ImportField> = {
  firstname: 'firstName',
  first: 'firstName',
  givenname: 'firstName',
  forename: 'firstName',
  lastname: 'lastName',
  last: 'lastName',
  surname: 'lastName',
  familyname: 'lastName',
  name: 'name',
  fullname: 'name',
  contactname: 'name',
  email: 'email',
  emailaddress: 'email',
  mail: 'email',
  phone: 'phone',
  phonenumber: 'phone',
  telephone: 'phone',
  tel: 'phone',
  mobile: 'phone',
  company: 'company',
  companyname: 'company',
  organization: 'company',
  organisation: 'company',
  business: 'company',
  tags: 'tags',
  tag: 'tags',
  labels: 'tags',
  notes: 'notes',
  note: 'notes',
  comments: 'notes',
  description: 'notes',
};

const normalise = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The mapping the headers suggest ("E-mail Address" → email, "Surname" → lastName, …). */
export function inferMapping(headers: string[]): ImportMapping {
  return Object.fromEntries(headers.map((header) => [header, SYNONYMS[normalise(header)] ?? '']));
}
