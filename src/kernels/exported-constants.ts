/** A constant a kernel module exports as a global (its layout, read or checked at load); a missing one fails loudly. */
export function exportedConstant(exports: WebAssembly.Exports, name: string, file: string): number {
  const global = exports[name];
  if (!(global instanceof WebAssembly.Global)) throw new Error(`${file} lacks the layout constant ${name}: rebuild with npm run asbuild`);
  return Number(global.value);
}
