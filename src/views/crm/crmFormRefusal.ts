/**
 * The field a server refusal names, when it names one of the form's fields: "email must be a valid email
 * address" (a schema message starts with the field) or "A contact with this email already exists".
 */
export function refusedField<F extends string>(message: string, fields: readonly F[]): F | null {
  const named = [/^(\w+)[ .]/.exec(message)?.[1], /\bwith this (\w+)\b/i.exec(message)?.[1]];
  return fields.find((field) => named.includes(field)) ?? null;
}
