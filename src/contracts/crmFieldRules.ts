import { isWellFormedEmail, MAX_EMAIL_LENGTH } from './common.ts';

/**
 * The field rules of the CRM's create/edit forms: the server's schemas are built from these limits and the
 * dialogs check the same rules before sending, so what a dialog lets through the server takes.
 */
export const CONTACT_LIMITS = {
  firstName: 100,
  lastName: 100,
  email: MAX_EMAIL_LENGTH,
  phone: 50,
  company: 200,
  notes: 5000,
  /** How many tags, and how long each. */
  tags: 50,
  tag: 50,
} as const;

export const LEAD_LIMITS = {
  name: 200,
  email: MAX_EMAIL_LENGTH,
  phone: 50,
  company: 200,
  source: 100,
  notes: 5000,
} as const;

export const INVALID_EMAIL = 'Enter a valid email address, like name@example.com.';
export const tooLong = (limit: number) => `At most ${limit} characters`;

/** The message for one text field, or undefined when it passes: at most `limit` characters once trimmed. */
export function textRule(value: string, limit: number): string | undefined {
  return value.trim().length > limit ? tooLong(limit) : undefined;
}

/** The message for an optional e-mail field ('' passes), checked as the server does (trimmed, lower-cased). */
export function optionalEmailRule(value: string): string | undefined {
  const email = value.trim().toLowerCase();
  return email !== '' && !isWellFormedEmail(email) ? INVALID_EMAIL : undefined;
}

type ContactFields = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  notes: string;
  tags: string[];
};

/**
 * A money amount as typed in a lead or deal (empty is 0), with the message when the server would refuse it
 * (its `money` schema: a number of 0 or more).
 */
export function typedAmount(text: string): { amount: number; problem: string | undefined } {
  const amount = text.trim() === '' ? 0 : Number(text);
  return {
    amount,
    problem: Number.isFinite(amount) && amount >= 0 ? undefined : 'Enter an amount of 0 or more',
  };
}

/** Every broken rule of a contact, by field (empty when the server will take it). */
export function contactErrors(input: ContactFields): Partial<Record<keyof ContactFields, string>> {
  const errors: Partial<Record<keyof ContactFields, string>> = {};
  for (const name of ['firstName', 'lastName', 'phone', 'company', 'notes'] as const) {
    const message = textRule(input[name], CONTACT_LIMITS[name]);
    if (message) errors[name] = message;
  }
  const email = optionalEmailRule(input.email) ?? textRule(input.email, CONTACT_LIMITS.email);
  if (email) errors.email = email;
  if (input.tags.length > CONTACT_LIMITS.tags) errors.tags = `At most ${CONTACT_LIMITS.tags} tags`;
  else if (input.tags.some((tag) => tag.trim().length > CONTACT_LIMITS.tag))
    errors.tags = `Each tag at most ${CONTACT_LIMITS.tag} characters`;
  return errors;
}

type LeadFields = {
  name: string;
  email: string;
  phone: string;
  company: string;
  source: string;
  notes: string;
};

/** Every broken rule of a lead's text fields, by field. */
export function leadErrors(input: LeadFields): Partial<Record<keyof LeadFields, string>> {
  const errors: Partial<Record<keyof LeadFields, string>> = {};
  for (const name of ['name', 'phone', 'company', 'source', 'notes'] as const) {
    const message = textRule(input[name], LEAD_LIMITS[name]);
    if (message) errors[name] = message;
  }
  const email = optionalEmailRule(input.email);
  if (email) errors.email = email;
  return errors;
}
