/**
 * Bytes handed to another thread. A structured clone copies a view's whole ArrayBuffer, and Node's small Buffers
 * are views into a shared slab (as are the chunks a socket reads), so a view that does not span its buffer is
 * first copied to one of its own. Only a buffer of its own may be transferred: transferring a shared slab would
 * empty every Buffer cut from it.
 */
export function spansItsBuffer(view: Uint8Array): boolean {
  return view.byteOffset === 0 && view.byteLength === view.buffer.byteLength && view.buffer instanceof ArrayBuffer;
}

/** `view` itself when it spans its buffer, else a copy of exactly its bytes. */
export function ownBytes(view: Uint8Array): Uint8Array {
  return spansItsBuffer(view) ? view : new Uint8Array(view);
}
