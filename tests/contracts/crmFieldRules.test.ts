import { expect, test } from 'vitest';
import { salesApi } from '../../src/contracts/crmApi.ts';
import {
  CONTACT_LIMITS,
  contactErrors,
  INVALID_EMAIL,
  LEAD_LIMITS,
  leadErrors,
} from '../../src/contracts/crmFieldRules.ts';

const contact = { firstName: 'Ada', lastName: '', email: '', phone: '', company: '', notes: '', tags: [] };
const lead = { name: 'Walk-in', email: '', phone: '', company: '', source: '', notes: '' };

test('a contact within the rules has no errors; each broken rule is named by its field', () => {
  expect(contactErrors(contact)).toEqual({});
  expect(contactErrors({ ...contact, email: ' Ada@Engines.Example ' })).toEqual({});
  expect(contactErrors({ ...contact, email: 'ada@engines' })).toEqual({ email: INVALID_EMAIL });
  expect(contactErrors({ ...contact, company: 'c'.repeat(CONTACT_LIMITS.company + 1) })).toEqual({
    company: `At most ${CONTACT_LIMITS.company} characters`,
  });
  // Trimmed first, as the server does.
  expect(contactErrors({ ...contact, firstName: ` ${'f'.repeat(CONTACT_LIMITS.firstName)} ` })).toEqual({});
  expect(contactErrors({ ...contact, tags: ['t'.repeat(CONTACT_LIMITS.tag + 1)] })).toEqual({
    tags: `Each tag at most ${CONTACT_LIMITS.tag} characters`,
  });
});

test('a lead: the same rules for its text fields', () => {
  expect(leadErrors(lead)).toEqual({});
  expect(leadErrors({ ...lead, source: 's'.repeat(LEAD_LIMITS.source + 1), email: 'x@' })).toEqual({
    source: `At most ${LEAD_LIMITS.source} characters`,
    email: INVALID_EMAIL,
  });
});

test('the server schemas are built from the same limits', () => {
  const leadProperties = salesApi.leads.create.body.properties;
  expect(leadProperties.source.maxLength).toBe(LEAD_LIMITS.source);
  expect(leadProperties.name.maxLength).toBe(LEAD_LIMITS.name);
  expect(leadProperties.notes.maxLength).toBe(LEAD_LIMITS.notes);
});
