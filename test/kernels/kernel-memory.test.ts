// A map too large for a kernel's 4 GiB address space ends its import with a message naming the memory and the
// bytes it would need, never with a bare trap, and a claim refused leaves every region already placed intact.
import t from 'tap';
import { buildHierarchy, SharedRegions } from '../../src/kernels/index.js';
import { KernelMemoryError } from '../../src/kernels/kernel-memory-error.js';
import { contractToBytes, DEFAULT_CONTRACTION_LIMITS, finishContractionRun, intoBytes, startContractionRun } from '../../src/kernels/contract.js';
import { instantiateContraction } from '../../src/kernels/wasm-modules.js';
import { randomRoadGraph } from '../helpers/random-graph.js';

const FOUR_GIB = 2 ** 32;

t.test('the contraction kernel refuses an arena claim beyond 4 GiB as a KernelMemoryError', async (t) => {
  const kernel = instantiateContraction().exports as { reserve(bytes: number): number };
  const error = (() => {
    try {
      kernel.reserve(FOUR_GIB - 64);
    } catch (thrown) {
      return thrown;
    }
    return undefined;
  })();
  t.type(error, KernelMemoryError);
  t.match((error as Error).message, /contraction memory ran out of the 4 GiB .* ended at 4\.00 GiB/);
});

t.test('a contraction working above 2 GiB of its memory hands over the same hierarchy as one below', async (t) => {
  // WebAssembly's i32 reaches JavaScript signed: an address past 2 GiB must not be read as a negative offset.
  const graph = randomRoadGraph(11, 60);
  const run = startContractionRun(graph.nodeCount, graph.tail.length);
  run.kernel.reserve(2 ** 31 + 4096);
  t.same(finishContractionRun(run, graph, undefined, DEFAULT_CONTRACTION_LIMITS, intoBytes()), contractToBytes(graph));
});

t.test('the routing memory refuses a claim beyond 4 GiB and goes on placing smaller ones after its regions', async (t) => {
  const regions = SharedRegions.create();
  const hierarchy = await buildHierarchy(regions, randomRoadGraph(7, 20));
  const before = regions.allocate(16);
  t.throws(() => regions.allocate(FOUR_GIB - 32), KernelMemoryError);
  const after = regions.allocate(16);
  t.equal(after, before + 16, 'the refused claim moved nothing');
  t.ok(after > hierarchy.address, 'no region is handed out twice');
});
