// A resource's warm-up runs only once every resource of the worker is attached: attaching a later one can make
// V8 drop the code an earlier warm-up compiled, which the first request would then compile again. It runs twice,
// in full and then briefly, since the collection between them drops compiled code too; a thread told to warm up
// briefly (the task lane's) runs the brief pass alone.
import t from 'tap';
import { attachWorkerResources, registerResourceAttacher, workerResource } from '../../src/pool/worker-resources.js';

t.test('warm-ups run after every resource is attached, in full then briefly, each on its attached resource, and only for resources given', async (t) => {
  const events: string[] = [];
  registerResourceAttacher('early', async (descriptor) => {
    events.push('attach early');
    return { attachedFrom: descriptor };
  }, async (resource, pass) => {
    events.push(`warm up early (${pass}) on ${JSON.stringify(resource)}`);
  });
  registerResourceAttacher('late', async (descriptor) => {
    events.push('attach late');
    return descriptor;
  });
  registerResourceAttacher('absent', async (descriptor) => descriptor, async () => {
    events.push('warm up absent');
  });
  await attachWorkerResources({ early: 'early descriptor', late: 'late descriptor' });
  t.same(events, [
    'attach early',
    'attach late',
    'warm up early (full) on {"attachedFrom":"early descriptor"}',
    'warm up early (brief) on {"attachedFrom":"early descriptor"}',
  ]);
  t.same(workerResource('early'), { attachedFrom: 'early descriptor' });
});

t.test('a brief warm-up runs the brief pass alone', async (t) => {
  const passes: string[] = [];
  registerResourceAttacher('brief only', async (descriptor) => descriptor, async (_resource, pass) => {
    passes.push(pass);
  });
  await attachWorkerResources({ 'brief only': 'descriptor' }, 'brief');
  t.same(passes, ['brief']);
});
