/** The Google Geocoding stand-in: real places from the offline gazetteer, Google's answer shape. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStandinsServer, type StandinsServer } from '../src/standins/server.ts';

let standins: StandinsServer;

beforeAll(async () => {
  standins = await createStandinsServer({ port: 0 });
});

afterAll(async () => {
  await standins.close();
});

interface GeocodeBody {
  status: string;
  error_message?: string;
  results: {
    formatted_address: string;
    geometry: { location: { lat: number; lng: number }; location_type: string };
    address_components: { long_name: string; short_name: string; types: string[] }[];
    place_id: string;
    types: string[];
    partial_match?: boolean;
  }[];
}

async function geocode(params: Record<string, string>): Promise<GeocodeBody> {
  const res = await fetch(`${standins.url}/maps/api/geocode/json?${new URLSearchParams(params)}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  return (await res.json()) as GeocodeBody;
}

async function locate(address: string): Promise<{ lat: number; lng: number; body: GeocodeBody }> {
  const body = await geocode({ address, key: 'test-key' });
  expect(body.status, address).toBe('OK');
  const first = body.results[0];
  if (!first) throw new Error(`no result for ${address}`);
  return { ...first.geometry.location, body };
}

function component(body: GeocodeBody, type: string): string | undefined {
  return body.results[0]?.address_components.find((c) => c.types.includes(type))?.short_name;
}

describe('geocoding stand-in', () => {
  it('answers a full Canadian address in Google’s shape, from its postal code', async () => {
    const { lat, lng, body } = await locate('123 King Street, Toronto, ON, Canada, M5V 2T6');
    expect(lat).toBeCloseTo(43.65, 1);
    expect(lng).toBeCloseTo(-79.38, 1);
    const first = body.results[0];
    expect(first?.formatted_address).toBe('123 King Street, Toronto, ON M5V 2T6, Canada');
    expect(first?.geometry.location_type).toBe('RANGE_INTERPOLATED');
    expect(first?.types).toEqual(['street_address']);
    expect(first?.place_id).toMatch(/^ChIJ/);
    expect(component(body, 'street_number')).toBe('123');
    expect(component(body, 'locality')).toBe('Toronto');
    expect(component(body, 'administrative_area_level_1')).toBe('ON');
    expect(component(body, 'country')).toBe('CA');
    expect(component(body, 'postal_code')).toBe('M5V 2T6');
  });

  it('answers a US address from its ZIP code', async () => {
    const { lat, lng, body } = await locate('55 Main St, Springfield, Illinois, United States, 62701');
    expect(lat).toBeCloseTo(39.8, 1);
    expect(lng).toBeCloseTo(-89.65, 1);
    expect(body.results[0]?.formatted_address).toBe('55 Main St, Springfield, IL 62701, USA');
    expect(component(body, 'country')).toBe('US');
  });

  it('finds a city by province or state, named in full or by code, ignoring case and accents', async () => {
    const cases: [string, number, number][] = [
      ['Toronto, Ontario, Canada', 43.7, -79.4],
      ['toronto, on', 43.7, -79.4],
      ['Montreal, Québec, Canada', 45.5, -73.6],
      ['MONTRÉAL, QC', 45.5, -73.6],
      ['Vancouver, British Columbia', 49.25, -123.1],
      ['Calgary, AB, Canada', 51.05, -114.07],
      ["St. John's, Newfoundland and Labrador", 47.56, -52.71],
      ['Springfield, Illinois, United States', 39.8, -89.64],
      ['Springfield, MO, USA', 37.2, -93.3],
      ['Austin, TX', 30.27, -97.74],
      ['New York, NY', 40.7, -74.0],
    ];
    for (const [address, expectedLat, expectedLng] of cases) {
      const { lat, lng, body } = await locate(address);
      expect(Math.abs(lat - expectedLat), `${address} latitude`).toBeLessThan(0.15);
      expect(Math.abs(lng - expectedLng), `${address} longitude`).toBeLessThan(0.15);
      expect(body.results[0]?.types).toEqual(['locality', 'political']);
    }
  });

  it('tells namesakes apart by their state', async () => {
    const illinois = await locate('Springfield, IL');
    const massachusetts = await locate('Springfield, Massachusetts');
    expect(illinois.lng).toBeLessThan(-89);
    expect(massachusetts.lng).toBeGreaterThan(-73);
  });

  it('answers the street alone, as a partial match, for a house number the street does not have', async () => {
    const { body } = await locate('95000 Queen Street West, Toronto, ON M5H 2N2, Canada');
    const first = body.results[0]!;
    expect(first.types).toEqual(['route']);
    expect(first.partial_match).toBe(true);
    expect(first.formatted_address).toBe('Queen Street West, Toronto, ON M5H 2N2, Canada');
    expect(first.address_components.some((c) => c.types.includes('street_number'))).toBe(false);
    const exact = await locate('950 Queen Street West, Toronto, ON M5H 2N2, Canada');
    expect(exact.body.results[0]!.types).toEqual(['street_address']);
    expect(exact.body.results[0]!.partial_match).toBeUndefined();
  });

  it('gives two street addresses in one city nearby but distinct points, the same each time', async () => {
    const a = await locate('10 Queen Street West, Toronto, ON');
    const b = await locate('250 Queen Street West, Toronto, ON');
    const again = await locate('10 Queen Street West, Toronto, ON');
    expect([a.lat, a.lng]).not.toEqual([b.lat, b.lng]);
    expect([again.lat, again.lng]).toEqual([a.lat, a.lng]);
    expect(Math.abs(a.lat - b.lat)).toBeLessThan(0.02);
    expect(Math.abs(a.lng - b.lng)).toBeLessThan(0.02);
  });

  it('uses a Canadian forward sortation area on its own', async () => {
    const { lat, lng, body } = await locate('H2X 1Y4');
    expect(lat).toBeCloseTo(45.51, 1);
    expect(lng).toBeCloseTo(-73.57, 1);
    expect(component(body, 'administrative_area_level_1')).toBe('QC');
  });

  it('answers ZERO_RESULTS for a place that does not exist', async () => {
    const body = await geocode({ address: 'Xqzt Vlorp, Blorbland', key: 'test-key' });
    expect(body).toEqual({ status: 'ZERO_RESULTS', results: [] });
  });

  it('answers REQUEST_DENIED without a key, with Google’s message', async () => {
    const body = await geocode({ address: 'Toronto, ON' });
    expect(body.status).toBe('REQUEST_DENIED');
    expect(body.error_message).toMatch(
      /^You must use an API key to authenticate each request to Google Maps Platform APIs\./,
    );
    expect(body.results).toEqual([]);
  });

  it('answers INVALID_REQUEST without an address', async () => {
    const body = await geocode({ key: 'test-key' });
    expect(body.status).toBe('INVALID_REQUEST');
    expect(body.results).toEqual([]);
  });

  it('accepts the optional language and region parameters', async () => {
    const { lat } = await locate('Halifax, NS');
    const body = await geocode({ address: 'Halifax, NS', key: 'k', language: 'fr', region: 'ca' });
    expect(body.results[0]?.geometry.location.lat).toBe(lat);
  });

  // How fast a lookup is, is measured by `npm run bench`, not asserted: timed tests flake on a busy machine.
  it('answers many lookups in a row once loaded', async () => {
    for (let i = 1; i <= 50; i++) {
      const { lat } = await locate(`${i} Main Street, Springfield, IL 62701`);
      expect(lat).toBeCloseTo(39.8, 0);
    }
  });
});
