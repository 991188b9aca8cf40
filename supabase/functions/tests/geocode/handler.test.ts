import assert from 'node:assert/strict';
import type { Env } from '../../_shared/env.ts';
import { userClientFactory } from '../../_shared/supabase.ts';
import {
  ANON_TOKEN,
  closedServerUrl,
  fakeSupabase,
  type FakeHandler,
  type FakeServer,
  invokeRequest,
  startFakeServer,
} from '../_shared/testing.ts';
import { createGeocodeHandler, readGeocodeAnswer, resultPrecision } from '../../geocode/handler.ts';

const TORONTO = {
  status: 'OK',
  results: [
    {
      formatted_address: '100 Queen St W, Toronto, ON M5H 2N2, Canada',
      geometry: { location: { lat: 43.6534, lng: -79.3841 }, location_type: 'ROOFTOP' },
      types: ['street_address'],
    },
  ],
};

interface Harness {
  handler: (req: Request) => Promise<Response>;
  google: FakeServer;
  close(): Promise<void>;
}

async function harness(
  google: FakeHandler,
  options: { env?: Partial<Record<string, string>>; timeoutMs?: number; geocodingUrl?: string } = {},
): Promise<Harness> {
  const googleServer = await startFakeServer(google);
  const supabase = await startFakeServer(fakeSupabase([]));
  const env: Env = {
    SUPABASE_URL: supabase.url,
    SUPABASE_ANON_KEY: ANON_TOKEN,
    GOOGLE_MAPS_API_KEY: 'test-maps-key',
    GEOCODING_API_URL: options.geocodingUrl ?? googleServer.url,
    ...options.env,
  };
  const handler = createGeocodeHandler({
    env,
    fetch,
    createUserClient: userClientFactory(env),
    timeoutMs: options.timeoutMs,
  });
  return {
    handler,
    google: googleServer,
    close: async () => {
      await googleServer.close();
      await supabase.close();
    },
  };
}

async function errorOf(res: Response): Promise<{ code: string; message: string }> {
  const body = (await res.json()) as { error: { code: string; message: string } };
  assert.equal(typeof body.error.message, 'string');
  return body.error;
}

Deno.test('geocode: a free-text address answers its coordinates, calling Google the documented way', async () => {
  const h = await harness(() => Response.json(TORONTO));
  try {
    const res = await h.handler(
      invokeRequest({ address: '  100 Queen St W, Toronto, ON  ', language: 'en', region: 'CA' }),
    );
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.deepEqual(await res.json(), {
      lat: 43.6534,
      lng: -79.3841,
      formattedAddress: '100 Queen St W, Toronto, ON M5H 2N2, Canada',
      isApproximate: false,
    });
    assert.equal(h.google.requests.length, 1);
    const call = h.google.requests[0]!;
    assert.equal(call.method, 'GET');
    assert.equal(call.url.pathname, '/maps/api/geocode/json');
    assert.equal(call.url.searchParams.get('address'), '100 Queen St W, Toronto, ON');
    assert.equal(call.url.searchParams.get('key'), 'test-maps-key');
    assert.equal(call.url.searchParams.get('language'), 'en');
    assert.equal(call.url.searchParams.get('region'), 'ca');
  } finally {
    await h.close();
  }
});

Deno.test('geocode: the shift form address parts are joined in Google order', async () => {
  const h = await harness(() => Response.json(TORONTO));
  try {
    const res = await h.handler(
      invokeRequest({
        streetNumber: '100',
        streetName: 'Queen St W',
        city: 'Toronto',
        province: 'ON',
        country: 'Canada',
        postalCode: 'M5H 2N2',
      }),
    );
    assert.equal(res.status, 200);
    await res.body?.cancel();
    const sent = h.google.requests[0]!.url.searchParams;
    assert.equal(sent.get('address'), '100 Queen St W, Toronto, ON M5H 2N2, Canada');
    assert.equal(sent.get('language'), null);
  } finally {
    await h.close();
  }
});

Deno.test('geocode: bad input answers 400 with a sentence and never calls Google', async () => {
  const h = await harness(() => Response.json(TORONTO));
  const cases: { body?: unknown; raw?: string; message: RegExp }[] = [
    { raw: 'not json', message: /not valid JSON/ },
    { raw: '', message: /must be a JSON object/ },
    { body: ['Toronto'], message: /must be a JSON object/ },
    { body: 'Toronto', message: /must be a JSON object/ },
    { body: {}, message: /Send an address/ },
    { body: { address: '' }, message: /address must not be empty/ },
    { body: { address: '   ' }, message: /address must not be empty/ },
    { body: { address: 42 }, message: /address must be a string/ },
    { body: { address: 'x'.repeat(501) }, message: /at most 500 characters/ },
    { body: { address: 'Toronto\u0000' }, message: /control characters/ },
    { body: { address: 'Toronto', city: 'Toronto' }, message: /not both/ },
    { body: { address: 'Toronto', key: 'mine' }, message: /Unknown field: key/ },
    { body: { address: 'Toronto', region: 'Canada' }, message: /region must be a two-letter/ },
    { body: { address: 'Toronto', language: 'e n' }, message: /language must be a language code/ },
    {
      body: { streetNumber: '1', streetName: 'Yonge St', city: 'Toronto', province: 'ON', country: 'Canada' },
      message: /postalCode is required/,
    },
    {
      body: {
        streetNumber: 1,
        streetName: 'Yonge St',
        city: 'Toronto',
        province: 'ON',
        country: 'Canada',
        postalCode: 'M5E 1W7',
      },
      message: /streetNumber must be a string/,
    },
  ];
  try {
    for (const c of cases) {
      const res = await h.handler(invokeRequest(c.body, { rawBody: c.raw }));
      assert.equal(res.status, 400, `status for ${c.raw ?? JSON.stringify(c.body)}`);
      const error = await errorOf(res);
      assert.equal(error.code, 'invalid_input');
      assert.match(error.message, c.message);
      assert.match(error.message, /\.$/, 'the message is a sentence');
    }
    assert.equal(h.google.requests.length, 0);
  } finally {
    await h.close();
  }
});

Deno.test('geocode: an address Google cannot place answers 422 Geocoding failed', async () => {
  const answers = [
    { status: 'ZERO_RESULTS', results: [] },
    { status: 'OK', results: [] },
    { status: 'OK', results: [{ formatted_address: 'Null Island', geometry: { location: { lat: 0, lng: 0 } } }] },
    { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.', results: [] },
    { status: 'OVER_QUERY_LIMIT', results: [] },
  ];
  let next = 0;
  const h = await harness(() => Response.json(answers[next++]));
  try {
    for (const answer of answers) {
      const res = await h.handler(invokeRequest({ address: 'Nowhere at all' }));
      assert.equal(res.status, 422, `status for ${JSON.stringify(answer)}`);
      const body = await res.json();
      assert.deepEqual(body, { error: { code: 'not_geocoded', message: 'Geocoding failed' } });
      assert.doesNotMatch(JSON.stringify(body), /API key/, 'Google’s reason stays in the log');
    }
  } finally {
    await h.close();
  }
});

Deno.test('geocode: an unreachable, slow or broken geocoding service answers 502', async () => {
  const down = await harness(() => Response.json(TORONTO), { geocodingUrl: await closedServerUrl() });
  const slow = await harness(
    async () => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      return Response.json(TORONTO);
    },
    { timeoutMs: 100 },
  );
  const broken = await harness(() => new Response('<html>Bad gateway</html>', { status: 500 }));
  const garbled = await harness(() => new Response('{"status": "OK", "results": [', { status: 200 }));
  try {
    for (const [h, code] of [
      [down, 'upstream_unavailable'],
      [slow, 'upstream_unavailable'],
      [broken, 'upstream_error'],
      [garbled, 'upstream_error'],
    ] as const) {
      const res = await h.handler(invokeRequest({ address: 'Toronto, ON' }));
      assert.equal(res.status, 502);
      assert.equal((await errorOf(res)).code, code);
    }
  } finally {
    await Promise.all([down.close(), slow.close(), broken.close(), garbled.close()]);
  }
});

Deno.test('geocode: without a signed-in user it answers 401 and never calls Google', async () => {
  const h = await harness(() => Response.json(TORONTO));
  try {
    for (const token of [null, ANON_TOKEN, 'forged-token']) {
      const res = await h.handler(invokeRequest({ address: 'Toronto, ON' }, { token }));
      assert.equal(res.status, 401, `status for token ${token}`);
      assert.equal((await errorOf(res)).code, 'unauthorized');
    }
    const basic = new Request('http://127.0.0.1/', {
      method: 'POST',
      headers: { Authorization: 'Basic dXNlcjpwYXNz' },
      body: '{"address":"Toronto"}',
    });
    const res = await h.handler(basic);
    assert.equal(res.status, 401);
    assert.match((await errorOf(res)).message, /Bearer/);
    assert.equal(h.google.requests.length, 0);
  } finally {
    await h.close();
  }
});

Deno.test('geocode: preflight, wrong method and a missing key', async () => {
  const h = await harness(() => Response.json(TORONTO), { env: { GOOGLE_MAPS_API_KEY: '' } });
  try {
    const preflight = await h.handler(invokeRequest(undefined, { method: 'OPTIONS', rawBody: '' }));
    assert.equal(preflight.status, 200);
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /authorization/i);
    await preflight.body?.cancel();

    const get = await h.handler(invokeRequest(undefined, { method: 'GET' }));
    assert.equal(get.status, 405);
    assert.equal(get.headers.get('allow'), 'POST, OPTIONS');
    assert.equal((await errorOf(get)).code, 'method_not_allowed');

    const res = await h.handler(invokeRequest({ address: 'Toronto, ON' }));
    assert.equal(res.status, 500);
    const error = await errorOf(res);
    assert.equal(error.code, 'misconfigured');
    assert.doesNotMatch(error.message, /GOOGLE_MAPS_API_KEY/);
    assert.equal(h.google.requests.length, 0);
  } finally {
    await h.close();
  }
});

const located = (types: string[], extra: Record<string, unknown> = {}) => ({
  status: 'OK',
  results: [
    {
      formatted_address: '100 Queen St W, Toronto, ON M5H 2N2, Canada',
      geometry: { location: { lat: 43.6534, lng: -79.3839 }, location_type: 'ROOFTOP' },
      types,
      ...extra,
    },
  ],
});

Deno.test('geocode: only street-level results place a shift; areas are refused like no result', () => {
  assert.equal(resultPrecision({ types: ['street_address'] }), 'exact');
  assert.equal(resultPrecision({ types: ['premise'] }), 'exact');
  assert.equal(resultPrecision({ types: ['subpremise'] }), 'exact');
  assert.equal(resultPrecision({ types: ['street_address'], partial_match: true }), 'approximate');
  assert.equal(resultPrecision({ types: ['route'] }), 'approximate');
  for (const types of [
    ['locality', 'political'],
    ['administrative_area_level_1', 'political'],
    ['postal_code'],
    ['country', 'political'],
    ['neighborhood', 'political'],
    [],
  ]) {
    assert.equal(resultPrecision({ types, partial_match: true }), 'area', types.join(','));
  }

  const exact = readGeocodeAnswer(located(['street_address']), 'x');
  assert.deepEqual(exact, {
    lat: 43.6534,
    lng: -79.3839,
    formattedAddress: '100 Queen St W, Toronto, ON M5H 2N2, Canada',
    isApproximate: false,
  });
  assert.equal(readGeocodeAnswer(located(['route']), 'x').isApproximate, true);
  // The made-up address of issue 16, matched by its province only.
  assert.throws(
    () => readGeocodeAnswer(located(['administrative_area_level_1', 'political'], { partial_match: true }), 'x'),
    (error: unknown) => (error as { status?: number }).status === 422,
  );
});
