// What never reaches a model, and what never reaches the user. SPEC §7: staff push tokens and every
// employment-added-at field (the spec's "employeraddedat", our `added_at`) are removed from the data
// before it is used, at any depth; reply lines that mention a payment customer id are hidden.

/**
 * Field names are compared lower-cased with `_`, `-` and spaces removed, so `push_token`,
 * `pushToken`, `employerAddedAt_abc123` and `added_at` are all caught. Payment customer ids are
 * removed too: the assistant never needs them, and the reply filter below is a second line.
 */
const REDACTED_NAME_PARTS = ['pushtoken', 'employeraddedat', 'addedat', 'customerid'] as const;

export function isRedactedField(name: string): boolean {
  const normalised = name.toLowerCase().replace(/[\s_-]/g, '');
  return REDACTED_NAME_PARTS.some((part) => normalised.includes(part));
}

/** A deep copy of `value` without the redacted fields, at any depth of objects and arrays. */
export function redact<T>(value: T): T {
  return redactValue(value) as T;
}

function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      if (!isRedactedField(key)) out[key] = redactValue(inner);
    }
    return out;
  }
  return value;
}

/** A Stripe customer id (`cus_…`) or the words "customer id" in any spelling. */
const CUSTOMER_ID = /\bcus_[A-Za-z0-9]+|customer[\s_-]*id/i;

/** The reply without every line that mentions a payment customer id (SPEC §7). */
export function removeCustomerIdLines(reply: string): string {
  return reply
    .split(/\r?\n/)
    .filter((line) => !CUSTOMER_ID.test(line))
    .join('\n')
    .trim();
}
