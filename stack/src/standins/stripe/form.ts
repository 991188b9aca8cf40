/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracketed keys
 * (`metadata[plan]=pro`, `line_items[0][price]=price_x`, `expand[]=customer`), as the official
 * SDKs send it.
 */

export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

/** An error in Stripe's wire shape; the API router turns it into the response. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'api_error' | 'card_error' | 'idempotency_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }

  toJSON(): { error: Record<string, string> } {
    const error: Record<string, string> = { message: this.message, type: this.type };
    if (this.code) {
      error.code = this.code;
      error.doc_url = `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, '-')}`;
    }
    if (this.param) error.param = this.param;
    return { error };
  }
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

function keyPath(key: string): string[] | undefined {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!m?.[1]) return undefined;
  const path = [m[1]];
  for (const part of (m[2] ?? '').matchAll(/\[([^[\]]*)\]/g)) path.push(part[1] ?? '');
  return path;
}

function toArrays(value: FormValue): FormValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(toArrays);
  const keys = Object.keys(value);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => toArrays(value[k] as FormValue));
  }
  const out: FormObject = {};
  for (const k of keys) out[k] = toArrays(value[k] as FormValue);
  return out;
}

export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = keyPath(rawKey);
    if (!path || path.some((p) => FORBIDDEN_KEYS.has(p))) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Invalid parameter name: ${rawKey}`,
        'parameter_invalid_string',
        rawKey,
      );
    }
    let node: FormObject = root;
    for (let i = 0; i < path.length; i++) {
      let segment = path[i] as string;
      if (segment === '') segment = String(Object.keys(node).length);
      if (i === path.length - 1) {
        node[segment] = value;
        break;
      }
      const next = node[segment];
      if (next === undefined || typeof next === 'string' || Array.isArray(next)) {
        const created: FormObject = {};
        node[segment] = created;
        node = created;
      } else {
        node = next;
      }
    }
  }
  return toArrays(root) as FormObject;
}

/** Rejects parameters the endpoint does not take, as Stripe does. */
export function allowOnly(form: FormObject, allowed: readonly string[]): void {
  for (const key of Object.keys(form)) {
    if (!allowed.includes(key)) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Received unknown parameter: ${key}`,
        'parameter_unknown',
        key,
      );
    }
  }
}

export function optionalString(form: FormObject, key: string, param = key): string | undefined {
  const value = form[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Invalid string: ${JSON.stringify(value)}`,
      'parameter_invalid_string',
      param,
    );
  }
  return value;
}

export function requiredString(form: FormObject, key: string, param = key): string {
  const value = optionalString(form, key, param);
  if (value === undefined || value === '') {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Missing required param: ${param}.`,
      'parameter_missing',
      param,
    );
  }
  return value;
}

export function optionalInteger(form: FormObject, key: string, param = key): number | undefined {
  const value = optionalString(form, key, param);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Invalid integer: ${value}`,
      'parameter_invalid_integer',
      param,
    );
  }
  return Number(value);
}

export function optionalObject(form: FormObject, key: string, param = key): FormObject | undefined {
  const value = form[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string' || Array.isArray(value)) {
    throw new StripeApiError(400, 'invalid_request_error', `Invalid object`, 'parameter_invalid_string', param);
  }
  return value;
}

export function optionalArray(form: FormObject, key: string, param = key): FormValue[] | undefined {
  const value = form[key];
  if (value === undefined || value === '') return undefined;
  if (!Array.isArray(value)) {
    throw new StripeApiError(400, 'invalid_request_error', `Invalid array`, 'parameter_invalid_string', param);
  }
  return value;
}

/** Stripe metadata: flat string values, at most 50 keys; an empty value removes the key. */
export function metadataParam(
  form: FormObject,
  existing: Record<string, string> = {},
  key = 'metadata',
): Record<string, string> {
  const value = form[key];
  if (value === undefined) return { ...existing };
  if (value === '') return {};
  const obj = optionalObject(form, key);
  const out: Record<string, string> = { ...existing };
  for (const [k, v] of Object.entries(obj ?? {})) {
    if (typeof v !== 'string') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Invalid string: ${JSON.stringify(v)}`,
        'parameter_invalid_string',
        `${key}[${k}]`,
      );
    }
    if (v === '') delete out[k];
    else out[k] = v;
  }
  if (Object.keys(out).length > 50) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      'Metadata can have at most 50 keys.',
      'parameter_invalid_string',
      key,
    );
  }
  return out;
}

/** `expand[]=a&expand[]=b` arrives as an array of strings. */
export function expandParam(form: FormObject): string[] {
  const value = form.expand;
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v): v is string => typeof v === 'string');
}
