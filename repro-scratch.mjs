import { processGroup, sleep } from './dist/test/helpers/fleetroute-processes.js';
import { TestRedis } from './dist/test/helpers/redis-server.js';
const redis = await TestRedis.start();
let td; const start = processGroup({ teardown: (f) => { td = f; } }, redis.url);
const api = await start('api'); const worker = await start('worker');
for (let round = 0; round < 6; round++) {
  const r = await api.request('/v1/test_sleep', { method: 'POST', json: { ms: 2000, value: 'x' } });
  const { task_id } = await r.json();
  await sleep(round * 40);
  await redis.stop('SIGKILL');
  await sleep(1500);
  await redis.restart();
  const t0 = Date.now(); let status;
  while (Date.now() - t0 < 40000) {
    const s = await api.request(`/v1/tasks/${task_id}`);
    if (s.status === 200) { status = (await s.json()).status; if (status === 'completed' || status === 'failed') break; }
    await sleep(200);
  }
  console.log('round', round, status, ((Date.now() - t0) / 1000).toFixed(1), 's');
  if (status !== 'completed') { console.log(worker.output.split('\n').filter(l => !l.includes('incoming request') && !l.includes('request completed')).slice(-30).join('\n')); break; }
}
await td(); await redis.close(); process.exit(0);
