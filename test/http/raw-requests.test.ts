// Requests Node's HTTP parser refuses before any route runs still get an error_response; a UTF-8 BOM is accepted.
import { connect } from 'node:net';
import t from 'tap';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

let server: TestServer;
t.before(async () => {
  server = await startTestServer();
});
t.teardown(() => server.close());

/** Sends raw bytes and reads until the server closes: status code and JSON body of the answer. */
function rawExchange(request: string): Promise<{ status: number; body: Record<string, any> }> {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      try {
        resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(body) as Record<string, any> });
      } catch (error) {
        reject(new Error(`not an error_response: ${text.slice(0, 200)}`, { cause: error }));
      }
    });
  });
}

t.test('a header field over 16 KiB is a 400 error_response naming the headers', async (t) => {
  const { status, body } = await rawExchange(`GET /health HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`);
  t.equal(status, 400);
  t.match(body, { status_code: 400, error_code: 'validation_failed_error', errors: [{ property: 'request.headers', code: 'too_many_items_error' }] });
});

t.test('Content-Length together with Transfer-Encoding is a 400 error_response', async (t) => {
  const { status, body } = await rawExchange(
    'POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n');
  t.equal(status, 400);
  t.match(body, { status_code: 400, error_code: 'validation_failed_error', errors: [{ property: 'request', code: 'invalid_type_error', message: /^Expected an HTTP\/1.1 request/ }] });
});

t.test('a malformed request line is a 400 error_response', async (t) => {
  for (const line of ['G@T / HTTP/1.1', 'GET / HTTP/9.x', 'this is not http']) {
    const { status, body } = await rawExchange(`${line}\r\nHost: x\r\n\r\n`);
    t.equal(status, 400, line);
    t.match(body, { status_code: 400, error_code: 'validation_failed_error', errors: [{ property: 'request', code: 'invalid_type_error' }] }, line);
  }
});

t.test('a UTF-8 byte-order mark before the JSON is accepted, on operations and on the login service', async (t) => {
  const problem = {
    markers: [{ id: 'a', location: '0.01,0.01' }, { id: 'b', location: '0.02,0.01' }],
    jobs: [{ id: 'j', location: 'b' }],
    routes: [{ id: 'r', location: 'a', jobs: ['j'] }],
    settings: { matrix: { durations: [[0, 60], [60, 0]], distances: [[0, 900], [900, 0]] } },
  };
  const headers = { 'content-type': 'application/json' };
  let response = await server.request('/v1/evaluate?wait=1', { method: 'POST', headers, body: `\uFEFF${JSON.stringify(problem)}` });
  while (response.status === 302) response = await server.request(response.headers.get('location')!);
  t.equal(response.status, 200);
  t.equal(((await response.json()) as { routes: unknown[] }).routes.length, 1);
  const login = await server.request('/auth/login', { auth: false, method: 'POST', headers, body: '\uFEFF{"username":"tester","password":"wrong","application":"session"}' });
  t.equal(login.status, 401, 'the body was read: a wrong password, not a JSON error');
});
