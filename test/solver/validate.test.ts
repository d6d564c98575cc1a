import t from 'tap';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { validationCases } from '../helpers/validation-cases.js';

let server: TestServer;

t.before(async () => {
  server = await startTestServer();
});
t.teardown(() => server.close());

t.test('each validation code comes back through HTTP as a 400 with its path, from validate and evaluate alike', async (t) => {
  for (const [code, body, property] of validationCases) {
    for (const endpoint of ['/v1/validate', '/v1/evaluate']) {
      const response = await server.request(endpoint, { method: 'POST', json: body });
      const answer = (await response.json()) as { error_code: string; errors: { property: string; code: string; status_code: string }[] };
      t.equal(response.status, 400, `${endpoint} ${code}`);
      t.same(answer.errors.map((error) => [error.property, error.code, error.status_code]), [[property, code, '400']], `${endpoint} ${code}`);
    }
  }
});

