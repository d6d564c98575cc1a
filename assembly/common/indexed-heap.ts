// Binary min-heap of (key, node) pairs with a position per node, so a node's key can be decreased in place.
// Positions are never initialised: a position is trusted only when the entry it points at names the node,
// which lets a search reuse the heap without clearing n positions between queries.
import { getU32, setU32 } from './memory';

@unmanaged export class IndexedHeap {
  size: u32;
  /** (key u32, node u32) pairs, capacity = node count. */
  entries: usize;
  /** u32 per node: index into entries while the node is queued. */
  positions: usize;
}

@inline function keyAt(heap: IndexedHeap, i: u32): u32 {
  return load<u32>(heap.entries + (<usize>i << 3));
}

@inline function nodeAt(heap: IndexedHeap, i: u32): u32 {
  return load<u32>(heap.entries + (<usize>i << 3), 4);
}

@inline function place(heap: IndexedHeap, i: u32, key: u32, node: u32): void {
  const at = heap.entries + (<usize>i << 3);
  store<u32>(at, key);
  store<u32>(at, node, 4);
  setU32(heap.positions, node, i);
}

function heapContains(heap: IndexedHeap, node: u32): bool {
  const i = getU32(heap.positions, node);
  return i < heap.size && nodeAt(heap, i) == node;
}

@inline export function heapIsEmpty(heap: IndexedHeap): bool {
  return heap.size == 0;
}

@inline export function heapMinKey(heap: IndexedHeap): u32 {
  return keyAt(heap, 0);
}

@inline export function heapMinNode(heap: IndexedHeap): u32 {
  return nodeAt(heap, 0);
}

function siftUp(heap: IndexedHeap, from: u32, key: u32, node: u32): void {
  let i = from;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    const parentKey = keyAt(heap, parent);
    if (parentKey <= key) break;
    place(heap, i, parentKey, nodeAt(heap, parent));
    i = parent;
  }
  place(heap, i, key, node);
}

function siftDown(heap: IndexedHeap, from: u32, key: u32, node: u32): void {
  const size = heap.size;
  let i = from;
  for (;;) {
    let child: u32 = 2 * i + 1;
    if (child >= size) break;
    let childKey = keyAt(heap, child);
    const right: u32 = child + 1;
    if (right < size) {
      const rightKey = keyAt(heap, right);
      if (rightKey < childKey) {
        child = right;
        childKey = rightKey;
      }
    }
    if (childKey >= key) break;
    place(heap, i, childKey, nodeAt(heap, child));
    i = child;
  }
  place(heap, i, key, node);
}

/** Inserts the node, or moves it to the new key if it is queued already (up or down). */
export function heapPushOrUpdate(heap: IndexedHeap, node: u32, key: u32): void {
  if (heapContains(heap, node)) {
    const i = getU32(heap.positions, node);
    if (key < keyAt(heap, i)) siftUp(heap, i, key, node);
    else siftDown(heap, i, key, node);
    return;
  }
  heapPush(heap, node, key);
}

/** Inserts a node that is not queued. */
export function heapPush(heap: IndexedHeap, node: u32, key: u32): void {
  const i = heap.size;
  heap.size = i + 1;
  siftUp(heap, i, key, node);
}

/** Lowers the key of a node that is queued. */
export function heapDecrease(heap: IndexedHeap, node: u32, key: u32): void {
  siftUp(heap, getU32(heap.positions, node), key, node);
}

/** Removes the minimum; read it first with heapMinNode/heapMinKey. */
export function heapPop(heap: IndexedHeap): void {
  const last = heap.size - 1;
  heap.size = last;
  if (last > 0) siftDown(heap, 0, keyAt(heap, last), nodeAt(heap, last));
}

@inline export function heapClear(heap: IndexedHeap): void {
  heap.size = 0;
}
