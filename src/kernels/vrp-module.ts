/**
 * The VRP kernels, instantiated once per thread in a private memory (the `vrp` target of asconfig.json).
 * Found through the `#wasm/*` import map so the same code works from src/ and dist/.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readLayout, type VrpLayout } from './vrp-layout.js';

export interface VrpExports {
  memory: WebAssembly.Memory;
  allocate(bytes: number): number;
  resetArena(): void;
  bindProblem(header: number): void;
  timeRoute(route: number, out: number, capacity: number, summary: number): void;
  visitSegment(route: number, visit: number, segment: number): void;
  routeStartSegment(route: number, segment: number): void;
  routeEndSegment(route: number, segment: number): void;
  concatSegments(route: number, a: number, b: number, out: number): void;
  routeFromSegment(route: number, segment: number, summary: number): void;
}

export interface VrpKernel {
  exports: VrpExports;
  layout: VrpLayout;
}

let kernel: VrpKernel | undefined;

function abort(): never {
  throw new Error('vrp kernel aborted');
}

export function vrpKernel(): VrpKernel {
  if (!kernel) {
    const module = new WebAssembly.Module(readFileSync(fileURLToPath(import.meta.resolve('#wasm/vrp.wasm'))));
    const instance = new WebAssembly.Instance(module, { env: { abort } });
    kernel = { exports: instance.exports as unknown as VrpExports, layout: readLayout(instance.exports) };
  }
  return kernel;
}
