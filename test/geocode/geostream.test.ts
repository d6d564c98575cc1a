import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { GeostreamClient } from '../../src/geocode/service/geostream-client.js';

type Answer = (request: IncomingMessage, response: ServerResponse) => void;

/** A stand-in for a Nominatim server on 127.0.0.1 that answers with the given handlers, one per request. */
async function stubServer(t: { teardown(fn: () => void): void }, answers: Answer[]) {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    seen.push(request.url ?? '');
    const answer = answers[Math.min(seen.length, answers.length) - 1]!;
    answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen };
}

const json = (status: number, body: unknown): Answer => (_request, response) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const nominatimPlace = {
  lat: '43.7384', lon: '7.4246', importance: 0.4,
  address: { house_number: '12', road: 'Boulevard des Moulins', suburb: 'Monte-Carlo', city: 'Monaco', postcode: '98000', country_code: 'mc' },
};

const client = (url: string, maxRetries = 2) => new GeostreamClient({ url, countries: undefined, maxRetries, retryDelayMs: 1, timeoutMs: 2000 });

t.test('a Nominatim answer becomes suggestions with the local region rules', async (t) => {
  const { url, seen } = await stubServer(t, [json(200, [nominatimPlace])]);
  const [suggestion] = await client(url).geocode('12 Bd des Moulins', 'MC', 3);
  t.match(seen[0], /^\/search\?q=12\+Bd\+des\+Moulins&countrycodes=mc&format=jsonv2&addressdetails=1&limit=3$/);
  t.same(suggestion, {
    location: '43.738400,7.424600', formatted_address: '12 Boulevard des Moulins, 98000 Monaco', subregions: ['Monte-Carlo'],
    regions: ['Monaco'], country: 'MC', match_type: 'address', score: 0.4, intersection: '43.738400,7.424600',
    street_number: '12', street_name: 'Boulevard des Moulins', post_code: '98000',
  });
});

t.test('server errors are retried with back-off, and a later success is used', async (t) => {
  const { url, seen } = await stubServer(t, [json(503, {}), json(429, {}), json(200, [nominatimPlace])]);
  const suggestions = await client(url).geocode('x', 'MC', 1);
  t.equal(seen.length, 3);
  t.equal(suggestions.length, 1);
});

t.test('an upstream that keeps failing ends in geostream_exceeded_maximum_retries', async (t) => {
  const { url, seen } = await stubServer(t, [json(502, {})]);
  await t.rejects(client(url, 2).geocode('x', 'MC', 1), { code: 'geostream_exceeded_maximum_retries', status: 500 });
  t.equal(seen.length, 3, 'the first attempt and two retries');
});

t.test('an upstream nobody can reach is geostream_unavailable', async (t) => {
  const { url } = await stubServer(t, [json(200, [])]);
  const closedPort = url.replace(/:\d+$/, ':9');
  await t.rejects(client(closedPort, 1).reverse({ lat: 43.7, lon: 7.4 }), { code: 'geostream_unavailable', status: 500 });
});

t.test('a refused request or a body that is not Nominatim JSON is geostream_error, without retries', async (t) => {
  const refused = await stubServer(t, [json(400, { error: 'bad request' })]);
  await t.rejects(client(refused.url).geocode('x', 'MC', 1), { code: 'geostream_error' });
  t.equal(refused.seen.length, 1);
  const garbled = await stubServer(t, [(_request, response) => response.end('<html>')]);
  await t.rejects(client(garbled.url).geocode('x', 'MC', 1), { code: 'geostream_error' });
  const wrongShape = await stubServer(t, [json(200, { not: 'a list' })]);
  await t.rejects(client(wrongShape.url).geocode('x', 'MC', 1), { code: 'geostream_error' });
});

t.test('a reverse lookup of a point with nothing around is an empty answer', async (t) => {
  const { url, seen } = await stubServer(t, [json(200, { error: 'Unable to geocode' }), json(200, nominatimPlace)]);
  t.same(await client(url).reverse({ lat: 0, lon: 0 }), []);
  t.match(seen[0], /^\/reverse\?lat=0&lon=0&format=jsonv2&addressdetails=1$/);
  const [place] = await client(url).reverse({ lat: 43.7384, lon: 7.4246 });
  t.equal(place?.street_name, 'Boulevard des Moulins');
});
