// POST { address } or { streetNumber, streetName, city, province, country, postalCode }
// [+ optional language, region] → { lat, lng, formattedAddress }.
//
// Calls the Google Geocoding API (SPEC §7: GET, json output, address, key, optional language and
// region). The key and base URL come from the function's settings only, so the dashboard never
// holds the key and a caller cannot point the function at another host. Locally GEOCODING_API_URL
// is the stack's offline stand-in; in production it is left out or set to Google's.
import { handlePreflight } from '../_shared/cors.ts';
import { baseUrl, type Env, requireEnv } from '../_shared/env.ts';
import { HttpError, json, readJsonObject, requirePost, toErrorResponse } from '../_shared/http.ts';
import { bearerToken, requireUser, type UserClientFactory } from '../_shared/supabase.ts';
import { optionalString, rejectUnknownFields, requiredString } from '../_shared/validation.ts';

export const GOOGLE_GEOCODING_URL = 'https://maps.googleapis.com';

export interface GeocodeDeps {
  env: Env;
  fetch: typeof fetch;
  createUserClient: UserClientFactory;
  /** How long to wait for the geocoding service before answering 502. */
  timeoutMs?: number;
}

export interface GeocodeAnswer {
  lat: number;
  lng: number;
  /** What was matched, to show the agency. */
  formattedAddress: string;
  /**
   * The street was found but not this house number (a route-level match, or Google's partial
   * match of a street address): the point is on the street, near the address.
   */
  isApproximate: boolean;
}

/** Results that place a home: Google's street-level result types. */
const EXACT_TYPES = new Set(['street_address', 'premise', 'subpremise']);
/** The street without the number: usable, but only as an approximate point. */
const STREET_TYPES = new Set(['route', 'intersection']);

/**
 * How precise a result is, from Google's documented `types` and `partial_match`: a street address
 * (or building) is a place for a shift; a route is the street without the number; anything coarser
 * (a postal code, a city, a province, a country: a centroid, kilometres from the home) is no
 * address at all, and so is a partial match that only found such an area.
 */
export function resultPrecision(result: {
  types?: unknown;
  partial_match?: unknown;
}): 'exact' | 'approximate' | 'area' {
  const types = Array.isArray(result.types) ? result.types.filter((t): t is string => typeof t === 'string') : [];
  if (types.some((t) => EXACT_TYPES.has(t))) return result.partial_match === true ? 'approximate' : 'exact';
  if (types.some((t) => STREET_TYPES.has(t))) return 'approximate';
  return 'area';
}

const PARTS = ['streetNumber', 'streetName', 'city', 'province', 'country', 'postalCode'] as const;
const LANGUAGE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
const REGION = /^[A-Za-z]{2}$/;

/** The free-text address to look up, from either accepted body shape. */
export function addressFromBody(body: Record<string, unknown>): {
  address: string;
  language?: string;
  region?: string;
} {
  const hasAddress = body.address !== undefined;
  const hasParts = PARTS.some((part) => body[part] !== undefined);
  if (hasAddress && hasParts) {
    throw new HttpError(
      400,
      'invalid_input',
      'Send either address or the address parts (streetNumber, streetName, city, province, country, postalCode), not both.',
    );
  }
  if (!hasAddress && !hasParts) {
    throw new HttpError(
      400,
      'invalid_input',
      'Send an address, or streetNumber, streetName, city, province, country and postalCode.',
    );
  }
  rejectUnknownFields(body, hasAddress ? ['address', 'language', 'region'] : [...PARTS, 'language', 'region']);
  const language = optionalString(body, 'language', {
    maxLength: 35,
    pattern: { test: LANGUAGE, message: 'language must be a language code such as en or fr-CA.' },
  });
  const region = optionalString(body, 'region', {
    maxLength: 35,
    pattern: { test: REGION, message: 'region must be a two-letter country code such as ca.' },
  });
  if (hasAddress) {
    return { address: requiredString(body, 'address', { maxLength: 500 }), language, region };
  }
  const text = (field: (typeof PARTS)[number], maxLength: number): string => requiredString(body, field, { maxLength });
  const streetNumber = text('streetNumber', 20);
  const streetName = text('streetName', 200);
  const city = text('city', 100);
  const province = text('province', 100);
  const country = text('country', 100);
  const postalCode = text('postalCode', 20);
  // Google's own order: "1 Yonge St, Toronto, ON M5E 1W7, Canada".
  return {
    address: `${streetNumber} ${streetName}, ${city}, ${province} ${postalCode}, ${country}`,
    language,
    region,
  };
}

interface GoogleGeocodeResponse {
  status?: unknown;
  error_message?: unknown;
  results?: unknown;
}

const notGeocoded = (): HttpError => new HttpError(422, 'not_geocoded', 'Geocoding failed');

/** Reads SPEC §7's fields: status, error_message and results[0].geometry.location. */
export function readGeocodeAnswer(payload: GoogleGeocodeResponse, address: string): GeocodeAnswer {
  if (payload.status !== 'OK') {
    // REQUEST_DENIED or OVER_QUERY_LIMIT are ours to fix, so the reason goes to the log only:
    // Google's error_message can describe the key.
    const reason = typeof payload.error_message === 'string' ? `: ${payload.error_message}` : '';
    if (payload.status !== 'ZERO_RESULTS') console.error(`Geocoding answered ${String(payload.status)}${reason}`);
    throw notGeocoded();
  }
  const first: unknown = Array.isArray(payload.results) ? payload.results[0] : undefined;
  if (typeof first !== 'object' || first === null) throw notGeocoded();
  const result = first as {
    geometry?: { location?: { lat?: unknown; lng?: unknown } };
    formatted_address?: unknown;
    types?: unknown;
    partial_match?: unknown;
  };
  const precision = resultPrecision(result);
  // "99999 Nowhere Rd, Atlantis, ON" matched only Ontario: its centre is not the client's home.
  if (precision === 'area') throw notGeocoded();
  const lat = result.geometry?.location?.lat;
  const lng = result.geometry?.location?.lng;
  if (typeof lat !== 'number' || typeof lng !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lng)) {
    throw new HttpError(502, 'upstream_error', 'The geocoding service gave an answer without coordinates.');
  }
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) {
    throw new HttpError(502, 'upstream_error', 'The geocoding service gave coordinates out of range.');
  }
  // 0,0 is in the Gulf of Guinea: it means a failed lookup somewhere, never a care client's home.
  if (lat === 0 && lng === 0) throw notGeocoded();
  const formattedAddress =
    typeof result.formatted_address === 'string' && result.formatted_address ? result.formatted_address : address;
  return { lat, lng, formattedAddress, isApproximate: precision === 'approximate' };
}

export function createGeocodeHandler(deps: GeocodeDeps): (req: Request) => Promise<Response> {
  const timeoutMs = deps.timeoutMs ?? 5000;
  return async (req) => {
    const preflight = handlePreflight(req);
    if (preflight) return preflight;
    try {
      requirePost(req);
      const token = bearerToken(req);
      const input = addressFromBody(await readJsonObject(req));
      const key = requireEnv(deps.env, 'GOOGLE_MAPS_API_KEY');
      const base = baseUrl(deps.env, 'GEOCODING_API_URL', GOOGLE_GEOCODING_URL);
      // Only signed-in users may spend the project's geocoding quota; the anon key is not enough.
      await requireUser(deps.createUserClient(`Bearer ${token}`), token);

      const query = new URLSearchParams({ address: input.address, key });
      if (input.language) query.set('language', input.language);
      if (input.region) query.set('region', input.region.toLowerCase());

      let res: Response;
      try {
        res = await deps.fetch(`${base}/maps/api/geocode/json?${query}`, {
          method: 'GET',
          headers: { Accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        console.error('Geocoding request failed', error instanceof Error ? error.message : error);
        throw new HttpError(
          502,
          'upstream_unavailable',
          'The geocoding service could not be reached. Please try again.',
        );
      }
      let payload: GoogleGeocodeResponse;
      try {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        payload = (await res.json()) as GoogleGeocodeResponse;
        if (typeof payload !== 'object' || payload === null) throw new Error('not a JSON object');
      } catch (error) {
        console.error('Geocoding answered badly', error instanceof Error ? error.message : error);
        throw new HttpError(
          502,
          'upstream_error',
          'The geocoding service gave an unexpected answer. Please try again.',
        );
      }
      return json(readGeocodeAnswer(payload, input.address));
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}
