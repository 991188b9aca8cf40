/**
 * A Google Geocoding API stand-in (`GET /maps/api/geocode/json`): same query, same answer shape,
 * same status values, answered from the offline gazetteer. It resolves to postal-code or city
 * precision; a street number nudges the point a little, deterministically, so two addresses in
 * one city do not land on the same spot.
 */
import { createHash } from 'node:crypto';
import {
  COUNTRY_NAMES,
  findCountry,
  findPlaces,
  findPostalArea,
  findRegions,
  getRegion,
  normalize,
  regionCentre,
  type CountryCode,
  type Region,
} from './gazetteer.ts';

export interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

export interface LatLng {
  lat: number;
  lng: number;
}

export interface GeocodeResult {
  address_components: AddressComponent[];
  formatted_address: string;
  geometry: {
    location: LatLng;
    location_type: 'ROOFTOP' | 'RANGE_INTERPOLATED' | 'GEOMETRIC_CENTER' | 'APPROXIMATE';
    viewport: { northeast: LatLng; southwest: LatLng };
  };
  partial_match?: boolean;
  place_id: string;
  types: string[];
}

export type GeocodeResponse =
  | { status: 'OK'; results: GeocodeResult[] }
  | {
      status: 'ZERO_RESULTS' | 'REQUEST_DENIED' | 'INVALID_REQUEST';
      results: [];
      error_message?: string;
    };

export const MISSING_KEY_MESSAGE =
  'You must use an API key to authenticate each request to Google Maps Platform APIs. For additional information, please refer to http://g.co/dev/maps-no-account';

const MISSING_ADDRESS_MESSAGE =
  "Invalid request. Missing the 'address', 'components', 'latlng' or 'place_id' parameter.";

/** Answers one geocoding query, given the query string's parameters. */
export function geocode(params: URLSearchParams): GeocodeResponse {
  const key = params.get('key')?.trim();
  if (!key) return { status: 'REQUEST_DENIED', error_message: MISSING_KEY_MESSAGE, results: [] };

  const address = params.get('address')?.trim() ?? '';
  const components = parseComponents(params.get('components') ?? '');
  if (!address && !components.postal_code && !components.locality) {
    return { status: 'INVALID_REQUEST', error_message: MISSING_ADDRESS_MESSAGE, results: [] };
  }
  const text = [address, components.locality, components.administrative_area, components.postal_code]
    .filter(Boolean)
    .join(', ');
  const countryFilter = components.country
    ? (findCountry(components.country) ?? countryFromCode(components.country))
    : undefined;
  if (components.country && !countryFilter) return { status: 'ZERO_RESULTS', results: [] };
  const regionBias = countryFromCode(params.get('region') ?? '');

  const result = resolve(text, countryFilter, regionBias);
  return result ? { status: 'OK', results: [result] } : { status: 'ZERO_RESULTS', results: [] };
}

function countryFromCode(code: string): CountryCode | undefined {
  const c = code.trim().toUpperCase();
  return c === 'CA' ? 'CA' : c === 'US' ? 'US' : undefined;
}

function parseComponents(value: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of value.split('|')) {
    const i = part.indexOf(':');
    if (i > 0) out[part.slice(0, i).trim().toLowerCase()] = part.slice(i + 1).trim();
  }
  return out;
}

interface ParsedAddress {
  streetNumber?: string;
  route?: string;
  /** Address pieces that are neither street, region, country nor postal code: city candidates. */
  others: string[];
  regions: Region[];
  country?: CountryCode;
  /** Canadian postal code as written ("M5V 2T6") or FSA ("M5V"). */
  caPostal?: string;
  zip?: string;
}

const CA_POSTAL = /\b([ABCEGHJKLMNPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])(?:[ -]?(\d[ABCEGHJ-NPRSTV-Z]\d))?\b/i;
const US_ZIP = /\b(\d{5})(?:-\d{4})?\b/;
const STREET = /^\s*(\d+[A-Za-z]?(?:-\d+)?)\s+(.+)$/;

/** "Springfield IL" or "Toronto Ontario Canada" written without commas: peel the known tail off. */
function peelTrailing(segment: string, parsed: ParsedAddress): string {
  let words = segment.split(/\s+/);
  for (let changed = true; changed && words.length > 1;) {
    changed = false;
    for (let n = Math.min(4, words.length - 1); n >= 1; n--) {
      const tail = words.slice(-n).join(' ');
      const country = findCountry(tail);
      const regions = country ? [] : findRegions(tail);
      if (country) parsed.country ??= country;
      else if (regions.length) parsed.regions.push(...regions);
      else continue;
      words = words.slice(0, -n);
      changed = true;
      break;
    }
  }
  return words.join(' ');
}

function parseAddress(text: string): ParsedAddress {
  const parsed: ParsedAddress = { others: [], regions: [] };
  const regionPieces: { text: string; regions: Region[]; at: number }[] = [];
  const segments = text
    .split(/[,\n;]/)
    .map((s) => s.trim())
    .filter(Boolean);

  const first = segments[0];
  if (first !== undefined && segments.length > 1) {
    const street = STREET.exec(first);
    if (street?.[1] && street[2]) {
      parsed.streetNumber = street[1];
      parsed.route = street[2].trim();
      segments.shift();
    }
  }

  for (let segment of segments) {
    const ca = CA_POSTAL.exec(segment);
    if (ca?.[1] && (ca[2] || segment.trim().length === ca[0].length || /^[a-z]{2}\s/i.test(segment))) {
      parsed.caPostal = ca[2] ? `${ca[1]} ${ca[2]}`.toUpperCase() : ca[1].toUpperCase();
      segment = segment.replace(ca[0], ' ').trim();
    }
    const zip = US_ZIP.exec(segment);
    if (zip?.[1]) {
      parsed.zip = zip[1];
      segment = segment.replace(zip[0], ' ').trim();
    }
    if (!segment) continue;
    const country = findCountry(segment);
    if (country) {
      parsed.country = country;
      continue;
    }
    const regions = findRegions(segment);
    if (regions.length) {
      regionPieces.push({ text: segment, regions, at: parsed.others.length });
      continue;
    }
    parsed.others.push(peelTrailing(segment, parsed));
  }

  // "Halifax, NS, CA": a trailing "CA" after a province is Canada. "Ontario, CA" is a city in California.
  const last = regionPieces.at(-1);
  if (!parsed.country && last && normalize(last.text) === 'ca' && regionPieces.length > 1 && parsed.others.length > 0) {
    if (regionPieces.slice(0, -1).some((p) => p.regions.some((r) => r.country === 'CA'))) {
      regionPieces.pop();
      parsed.country = 'CA';
    }
  }
  // "New York, NY": of two region names, the first one is the city.
  const stateLike = regionPieces.pop();
  for (const piece of regionPieces.reverse()) parsed.others.splice(piece.at, 0, piece.text);
  if (stateLike) parsed.regions.push(...stateLike.regions);
  return parsed;
}

interface Match {
  lat: number;
  lng: number;
  country: CountryCode;
  region: string;
  locality?: string;
  postalCode?: string;
  precision: 'street' | 'route' | 'postal' | 'locality' | 'region';
  partial: boolean;
}

/**
 * Google finds a street but not every number on it; it then answers the street itself (types
 * ['route'], partial_match). The stand-in has no street data, so it plays that answer for house
 * numbers from 90000 up, which few real streets reach: tests and demos get one on purpose.
 */
export const MISSING_HOUSE_NUMBER_FROM = 90_000;

function resolve(text: string, countryFilter?: CountryCode, regionBias?: CountryCode): GeocodeResult | undefined {
  const parsed = parseAddress(text);
  if (countryFilter) {
    if (parsed.country && parsed.country !== countryFilter) return undefined;
    parsed.country = countryFilter;
  }
  const country = parsed.country;
  const regions = parsed.regions.filter((r) => !country || r.country === country);
  const match =
    matchPostal(parsed, country) ??
    matchLocality(parsed.others, country, regions, regionBias) ??
    matchLocality(trailingWords(parsed.others), country, regions, regionBias) ??
    matchRegion(regions);
  if (!match) return undefined;
  if (parsed.route && match.precision !== 'region') {
    const number = Number.parseInt(parsed.streetNumber ?? '', 10);
    const numberMissing = Number.isFinite(number) && number >= MISSING_HOUSE_NUMBER_FROM;
    match.precision = numberMissing ? 'route' : 'street';
    if (numberMissing) match.partial = true;
  }
  return buildResult(match, parsed);
}

function matchPostal(parsed: ParsedAddress, country?: CountryCode): Match | undefined {
  const candidates: { code: string; shown: string }[] = [];
  if (parsed.caPostal && country !== 'US')
    candidates.push({ code: parsed.caPostal.slice(0, 3), shown: parsed.caPostal });
  if (parsed.zip && country !== 'CA') candidates.push({ code: parsed.zip, shown: parsed.zip });
  for (const { code, shown } of candidates) {
    const area = findPostalArea(code);
    if (!area) continue;
    const written = parsed.others.find((o) => !/^\d/.test(o));
    const locality =
      [...parsed.others, ...trailingWords(parsed.others)]
        .map((o) => findPlaces(o, { country: area.country, region: area.region })[0]?.name)
        .find(Boolean) ?? (area.country === 'US' ? area.label : (written ?? districtName(area.label)));
    return {
      lat: area.lat,
      lng: area.lng,
      country: area.country,
      region: area.region,
      locality,
      postalCode: shown,
      precision: 'postal',
      partial: false,
    };
  }
  return undefined;
}

/** "Downtown Toronto (cn Tower / King And Spadina)" → "Downtown Toronto". */
function districtName(label: string): string {
  return label.replace(/\s*\(.*$/, '').trim();
}

/** The last one to three words of each piece, longest first, for addresses written without commas. */
function trailingWords(pieces: string[]): string[] {
  const out: string[] = [];
  for (const piece of pieces) {
    const words = piece.split(/\s+/);
    for (let n = 1; n <= Math.min(3, words.length - 1); n++) out.push(words.slice(-n).join(' '));
  }
  return out;
}

function matchLocality(
  pieces: string[],
  country: CountryCode | undefined,
  regions: Region[],
  regionBias?: CountryCode,
): Match | undefined {
  // The piece nearest the province or state is the likeliest city, so try from the end.
  const names = [...pieces].reverse();
  for (const name of names) {
    const variants = [name, name.replace(/^city of\s+/i, ''), name.replace(/\s+city$/i, ''), `${name} City`];
    for (const variant of variants) {
      let places = findPlaces(variant, country ? { country } : {});
      if (regions.length) {
        const inRegion = places.filter((p) => regions.some((r) => r.country === p.country && r.code === p.region));
        if (inRegion.length) places = inRegion;
        else continue;
      }
      if (!regions.length && !country && regionBias) {
        const biased = places.filter((p) => p.country === regionBias);
        if (biased.length) places = biased;
      }
      const place = places[0];
      if (!place) continue;
      return {
        lat: place.lat,
        lng: place.lng,
        country: place.country,
        region: place.region,
        locality: place.name,
        precision: 'locality',
        partial: false,
      };
    }
  }
  return undefined;
}

/** Google answers a known province with an unknown town as the province, marked partial. */
function matchRegion(regions: Region[]): Match | undefined {
  const region = regions[0];
  if (!region) return undefined;
  const centre = regionCentre(region.country, region.code);
  if (!centre) return undefined;
  return { ...centre, country: region.country, region: region.code, precision: 'region', partial: true };
}

function hashUnit(text: string): [number, number] {
  const digest = createHash('sha256').update(text).digest();
  return [digest.readUInt32BE(0) / 0xffffffff, digest.readUInt32BE(4) / 0xffffffff];
}

const round = (n: number): number => Math.round(n * 1e7) / 1e7;

function buildResult(match: Match, parsed: ParsedAddress): GeocodeResult {
  const region = getRegion(match.country, match.region);
  const countryNames = COUNTRY_NAMES[match.country];
  const components: AddressComponent[] = [];
  const street = match.precision === 'street' || match.precision === 'route' ? parsed : undefined;
  if (street?.streetNumber && match.precision === 'street') {
    components.push({ long_name: street.streetNumber, short_name: street.streetNumber, types: ['street_number'] });
  }
  if (street?.route) components.push({ long_name: street.route, short_name: street.route, types: ['route'] });
  if (match.locality) {
    components.push({ long_name: match.locality, short_name: match.locality, types: ['locality', 'political'] });
  }
  components.push({
    long_name: region?.name ?? match.region,
    short_name: match.region,
    types: ['administrative_area_level_1', 'political'],
  });
  components.push({ long_name: countryNames.long, short_name: countryNames.short, types: ['country', 'political'] });
  if (match.postalCode) {
    components.push({
      long_name: match.postalCode,
      short_name: match.postalCode,
      types: match.postalCode.length === 3 ? ['postal_code', 'postal_code_prefix'] : ['postal_code'],
    });
  }

  const streetLine = street?.route
    ? match.precision === 'route'
      ? street.route
      : `${street.streetNumber ?? ''} ${street.route}`.trim()
    : undefined;
  const regionLine = [match.region, match.postalCode].filter(Boolean).join(' ');
  const formatted =
    match.precision === 'region'
      ? `${region?.name ?? match.region}, ${countryNames.formatted}`
      : [streetLine, match.locality, regionLine, countryNames.formatted].filter(Boolean).join(', ');

  let { lat, lng } = match;
  if (streetLine) {
    // Up to about ±500 m, the same for the same street address every time.
    const [u, v] = hashUnit(normalize(`${streetLine}|${match.locality ?? ''}|${match.region}`));
    lat += (u - 0.5) * 0.009;
    lng += (v - 0.5) * 0.012;
  }
  const span = { street: 0.0014, route: 0.01, postal: 0.02, locality: 0.15, region: 3 }[match.precision];
  const location = { lat: round(lat), lng: round(lng) };
  const types = {
    street: ['street_address'],
    route: ['route'],
    postal: ['postal_code'],
    locality: ['locality', 'political'],
    region: ['administrative_area_level_1', 'political'],
  }[match.precision];

  const result: GeocodeResult = {
    address_components: components,
    formatted_address: formatted,
    geometry: {
      location,
      location_type:
        match.precision === 'street'
          ? 'RANGE_INTERPOLATED'
          : match.precision === 'route'
            ? 'GEOMETRIC_CENTER'
            : 'APPROXIMATE',
      viewport: {
        northeast: { lat: round(lat + span), lng: round(lng + span) },
        southwest: { lat: round(lat - span), lng: round(lng - span) },
      },
    },
    place_id: `ChIJ${createHash('sha256').update(normalize(formatted)).digest('base64url').slice(0, 23)}`,
    types,
  };
  if (match.partial) result.partial_match = true;
  return result;
}
