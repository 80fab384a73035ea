/** What a message can name about its recipient. */
export type Recipient = {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  phone: string;
};

/** Replaces {{firstName}}, {{lastName}}, {{fullName}}, {{email}}, {{company}}, {{phone}}; other names → ''. */
export function personalise(template: string, to: Recipient): string {
  const values: Record<string, string> = {
    ...to,
    fullName: [to.firstName, to.lastName].filter(Boolean).join(' '),
  };
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}
