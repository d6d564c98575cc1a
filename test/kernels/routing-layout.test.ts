// The routing kernels are compiled with the same structure layout the TypeScript side writes, and a difference
// is caught at load with the field it concerns.
import t from 'tap';
import { routingLayoutDifferences, SearchGraphField } from '../../src/kernels/layout.js';
import { SharedRegions } from '../../src/kernels/shared-regions.js';
import { instantiateContraction, instantiateRouting } from '../../src/kernels/wasm-modules.js';

const routing = instantiateRouting(SharedRegions.create().memory).exports;
const contraction = instantiateContraction().exports;

t.test('both kernels are compiled with the layout the host writes', async (t) => {
  t.same(routingLayoutDifferences(routing, 'routing.wasm'), []);
  t.same(routingLayoutDifferences(contraction, 'contract.wasm'), []);
});

t.test('a field placed elsewhere by the kernel is named, with both offsets', async (t) => {
  const moved = { ...routing, SearchGraph_rank: new WebAssembly.Global({ value: 'i32', mutable: false }, SearchGraphField.rank + 4) };
  t.same(routingLayoutDifferences(moved, 'routing.wasm'), [`SearchGraph_rank: ${SearchGraphField.rank + 4} in routing.wasm, ${SearchGraphField.rank} in src/kernels/layout.ts`]);
});

t.test('a kernel built without the exported layout is refused with a request to rebuild', async (t) => {
  const { SeedSets_BYTES: _dropped, ...stale } = routing;
  t.throws(() => routingLayoutDifferences(stale, 'routing.wasm'), /routing\.wasm lacks the layout constant SeedSets_BYTES: rebuild/);
});
