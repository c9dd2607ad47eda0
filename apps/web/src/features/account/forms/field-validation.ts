/** What the forms need of a zod schema; the shared `EmailSchema`/`PasswordSchema` fit it as they are. */
export interface FieldSchema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
}

export type Parsed<S> = { [K in keyof S]: S[K] extends FieldSchema<infer T> ? T : never };

export type FieldErrors<K extends PropertyKey> = Partial<Record<K, string>>;

export type Validation<S> = { ok: true; data: Parsed<S> } | { ok: false; errors: FieldErrors<keyof S> };

/** Checks each field on its own, so every field shows its first problem at once. */
export function validateFields<S extends Record<string, FieldSchema<unknown>>>(
  schemas: S,
  values: Record<keyof S, unknown>,
): Validation<S> {
  const data: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    const result = schema.safeParse(values[name]);
    if (result.success) data[name] = result.data;
    else errors[name] = result.error.issues[0]?.message ?? 'This field is invalid';
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors: errors as FieldErrors<keyof S> };
  return { ok: true, data: data as Parsed<S> };
}

const isBlank = (value: unknown) => typeof value !== 'string' || value.trim() === '';
const failure = (message: string) => ({ success: false as const, error: { issues: [{ message }] } });

/** A text that must not be blank, e.g. the password at sign-in, where only the server knows the rules. */
export function requiredText(message: string): FieldSchema<string> {
  return {
    safeParse: (value) => (isBlank(value) ? failure(message) : { success: true, data: String(value) }),
  };
}

/** `schema`, with its own message when the field is left blank. */
export function required<T>(message: string, schema: FieldSchema<T>): FieldSchema<T> {
  return { safeParse: (value) => (isBlank(value) ? failure(message) : schema.safeParse(value)) };
}

/** The form's fields as strings, by name. */
export function readForm<K extends string>(form: HTMLFormElement, names: readonly K[]): Record<K, string> {
  const data = new FormData(form);
  return Object.fromEntries(names.map((name) => [name, String(data.get(name) ?? '')])) as Record<K, string>;
}
