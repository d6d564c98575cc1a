// An account removed and added again under the same name is a new account: no sessions, no tasks of the old one.
import { join } from 'node:path';
import t from 'tap';
import { runUsersCommand } from '../../src/cli/users-command.js';
import { authConfig, basicHeader } from '../helpers/auth-fixtures.js';
import { startTestServer } from '../helpers/test-server.js';

const username = 'acme:main';
const password = 'acme password';
const problem = {
  markers: [{ id: 'a', location: '0.01,0.01' }, { id: 'b', location: '0.02,0.01' }],
  jobs: [{ id: 'j', location: 'b' }],
  routes: [{ id: 'r', location: 'a', jobs: ['j'] }],
  settings: { matrix: { durations: [[0, 60], [60, 0]], distances: [[0, 900], [900, 0]] } },
};

t.test('a re-created account does not see the sessions or tasks of the earlier account with its name', async (t) => {
  const dir = t.testdir();
  const usersFile = join(dir, 'users.json');
  const config = authConfig(dir, { FLEETROUTE_USERS_FILE: usersFile });
  const users = (...args: string[]) => runUsersCommand(args, config, () => {});
  t.equal(await users('add', username, '--password', password), 0);
  const server = await startTestServer({ env: { FLEETROUTE_USERS_FILE: usersFile } });
  t.teardown(() => server.close());
  const basic = { authorization: basicHeader('acme%3Amain', password) };
  const login = await server.request('/auth/login', { auth: false, method: 'POST', json: { username, password, application: 'session' } });
  const { sessionId } = (await login.json()) as { sessionId: string };
  const session = { 'x-service-session-id': sessionId };
  const submitted = await server.request('/v1/evaluate', { auth: false, method: 'POST', headers: basic, json: problem });
  const { task_id: taskId } = (await submitted.json()) as { task_id: string };
  const listed = async () => ((await (await server.request('/v1/tasks', { auth: false, headers: basic })).json()) as { tasks: { task_id?: string; id?: string }[] }).tasks;
  const sessionStatus = async () => (await server.request('/v1/tasks', { auth: false, headers: session })).status;

  // Another account changing the users file reloads it: the account's session and tasks stay its own.
  t.equal(await users('add', 'someone-else', '--password', 'another password'), 0);
  const reloaded = async (check: () => Promise<boolean>) => {
    for (let attempt = 0; attempt < 100 && !(await check()); attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  await reloaded(async () => (await server.request('/v1/tasks', { auth: false, headers: { authorization: basicHeader('someone-else', 'another password') } })).status === 200);
  t.equal(await sessionStatus(), 200, 'the session outlives a reload');
  t.equal((await listed()).length, 1, 'and so do the tasks');

  t.equal(await users('remove', username), 0);
  t.equal(await users('add', username, '--password', password), 0);
  const basicStatus = async () => (await server.request('/v1/tasks', { auth: false, headers: basic })).status;
  await reloaded(async () => (await sessionStatus()) === 401 && (await basicStatus()) === 200);
  t.equal(await sessionStatus(), 401, 'the old session is not the new account\'s');
  t.same(await listed(), [], 'the new account lists no task');
  const old = await server.request(`/v1/tasks/${taskId}`, { auth: false, headers: basic });
  t.equal(old.status, 404, 'nor can it read the old account\'s task');
  t.equal(((await old.json()) as { error_code: string }).error_code, 'invalid_task_id_error');
});
