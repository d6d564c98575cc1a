// Compiling the kernel modules, once per thread. The files come from `npm run asbuild` (build/), found
// through the package's `#wasm/*` import map so the same code works from src/ and dist/.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { KernelMemoryError } from './kernel-memory-error.js';
import { checkRoutingLayout } from './layout.js';

/** Layout version the TypeScript side was written against (assembly/common/abi.ts). */
const ABI_VERSION = 1;

const compiled = new Map<string, WebAssembly.Module>();

function compile(file: string): WebAssembly.Module {
  let module = compiled.get(file);
  if (!module) {
    module = new WebAssembly.Module(readFileSync(fileURLToPath(import.meta.resolve(`#wasm/${file}`))));
    compiled.set(file, module);
  }
  return module;
}

function checkAbi(instance: WebAssembly.Instance, file: string): void {
  const version = (instance.exports.abiVersion as () => number)();
  if (version !== ABI_VERSION) throw new Error(`${file} has ABI ${version}, expected ${ABI_VERSION}: rebuild with npm run asbuild`);
}

function abort(): never {
  throw new Error('routing kernel aborted');
}

/** The routing kernels on the shared memory (each instance has its own globals, none of which are used). */
export function instantiateRouting(memory: WebAssembly.Memory): WebAssembly.Instance {
  const instance = new WebAssembly.Instance(compile('routing.wasm'), { env: { memory, abort } });
  checkAbi(instance, 'routing.wasm');
  checkRoutingLayout(instance.exports, 'routing.wasm');
  return instance;
}

function arenaExhausted(bytesNeeded: number): never {
  throw new KernelMemoryError('contraction memory', bytesNeeded);
}

/** Where the contraction kernel hands its results over as it makes them (assembly/routing/contraction). */
export interface ContractionSinks {
  /** The next rank's upward edges (`incoming`: the edges coming down into it), `count` 16-byte edges at `address`. */
  upwardEdges(incoming: number, address: number, count: number): void;
}

/**
 * An address a kernel passed or returned: WebAssembly's i32 reaches JavaScript signed, so an address above 2 GiB
 * would read negative.
 */
export function kernelAddress(value: number): number {
  return value >>> 0;
}

function noSink(): never {
  throw new Error('this contraction kernel instance was given nowhere to hand its results');
}

const NO_SINKS: ContractionSinks = { upwardEdges: noSink };

/** A contraction kernel in private memory, one instance per run. */
export function instantiateContraction(sinks: ContractionSinks = NO_SINKS): WebAssembly.Instance {
  const env = { abort, arenaExhausted, upwardEdges: sinks.upwardEdges };
  const instance = new WebAssembly.Instance(compile('contract.wasm'), { env });
  checkAbi(instance, 'contract.wasm');
  checkRoutingLayout(instance.exports, 'contract.wasm');
  return instance;
}
