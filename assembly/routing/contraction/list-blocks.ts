// The blocks that hold the dynamic graph's adjacency lists (dynamic-graph.ts) and the upward output's staging
// buffer, laid out above every fixed array of the arena. As the remaining graph densifies its lists grow while
// contracted nodes free small blocks, which no growing list can use: on the grid's turn graph the memory ended
// at nearly four times what the lists held at their largest. So every block starts with its owner, the blocks
// can be walked in address order, and once free blocks are an eighth of the blocks' bytes the live blocks slide
// down over them (compaction), each list shrunk to the least capacity that holds it (docs/ch.md, Where it runs).
import { arenaAllocate, arenaAllocateBlock, arenaRewind, arenaTop } from './arena';

/** An out-list's block: `capacity` hot entries (other, weight), then as many cold ones (distance, arc, hops). */
export const HOT_SIZE: usize = 8;
export const COLD_SIZE: usize = 12;
const EDGE_SIZE: u32 = <u32>(HOT_SIZE + COLD_SIZE);
/** An in-list's block: `capacity` tails (dynamic-graph.ts). */
export const IN_ENTRY_SIZE: usize = 4;
/** A list header: block data address, length, capacity (u32 each); list `owner` = node * 2 + (incoming ? 1 : 0). */
export const LIST_HEADER_SIZE: usize = 12;
/**
 * A block is its owner (u32) followed by its data, 4-byte aligned. Its size follows from the owner: a list's
 * capacity (in its header), the staging buffer's size, or, for a free block, the size stored after the address of
 * the next free block. A header of its own per block would have cost a fifth more at the start, when most lists
 * hold 2 to 4 edges.
 */
const OWNER_SIZE: usize = 4;
const FREE: u32 = 0xffffffff;
const STAGING: u32 = 0xfffffffe;
const CAPACITY_CLASSES = 32;
/** Free lists of out-list blocks (the staging buffer's too) come first, then those of in-list blocks. */
const FREE_LISTS = CAPACITY_CLASSES * 2;
/**
 * Compact before taking a new block once free blocks hold this share of the blocks' bytes. On side 150's turn
 * graph the run touched 34.7 MB at a quarter, 30.4 MB at an eighth, and 47.3 MB when it compacted only where the
 * memory had to grow.
 */
const COMPACT_FREE_SHARE: f64 = 0.125;

let listHeaders: usize = 0;
/** Free blocks by kind and capacity class (4 << class entries), each holding the address of the next after its header. */
let freeBlocks: usize = 0;
let freeBytes: u64 = 0;
let blocksStart: usize = 0;
let staging: usize = 0;
let stagingBytes: u32 = 0;

/** Call once the fixed arrays are allocated: every later allocation of the arena is a block. */
export function startListBlocks(headers: usize): void {
  listHeaders = headers;
  freeBlocks = arenaAllocate(FREE_LISTS << 2);
  freeBytes = 0;
  staging = 0;
  stagingBytes = 0;
  blocksStart = arenaTop();
}

@inline export function listHeaderOf(owner: u32): usize {
  return listHeaders + <usize>owner * LIST_HEADER_SIZE;
}

function capacityClass(capacity: u32): u32 {
  return 29 - clz<u32>(capacity);
}

@inline function isInList(owner: u32): bool {
  return owner < STAGING && (owner & 1) != 0;
}

/** Bytes of one entry of the block's owner: an in-list's tail, or an out-list's (or the staging buffer's) edge. */
@inline function entryBytes(owner: u32): u32 {
  return isInList(owner) ? <u32>IN_ENTRY_SIZE : EDGE_SIZE;
}

@inline function freeHead(owner: u32, capacity: u32): usize {
  const kind: u32 = isInList(owner) ? CAPACITY_CLASSES : 0;
  return freeBlocks + (<usize>(kind + capacityClass(capacity)) << 2);
}

function newBlock(owner: u32, bytes: u32): usize {
  if (<f64>freeBytes >= COMPACT_FREE_SHARE * <f64>(arenaTop() - blocksStart)) compact();
  const block = arenaAllocateBlock(<u64>OWNER_SIZE + bytes);
  store<u32>(block, owner);
  return block + OWNER_SIZE;
}

/** Data of a block for `capacity` entries owned by `owner`: a free one of its kind and class, else a new one. */
export function takeListBlock(owner: u32, capacity: u32): usize {
  const head = freeHead(owner, capacity);
  const bytes = capacity * entryBytes(owner);
  const data = <usize>load<u32>(head);
  if (data == 0) return newBlock(owner, bytes);
  store<u32>(head, load<u32>(data));
  store<u32>(data - OWNER_SIZE, owner);
  freeBytes -= <u64>bytes;
  return data;
}

/** Frees the block at `data`, of `capacity` entries, that `owner` held. */
export function giveListBlock(owner: u32, data: usize, capacity: u32): void {
  const head = freeHead(owner, capacity);
  const bytes = capacity * entryBytes(owner);
  store<u32>(data - OWNER_SIZE, FREE);
  store<u32>(data, load<u32>(head));
  store<u32>(data, bytes, 4);
  store<u32>(head, <u32>data);
  freeBytes += <u64>bytes;
}

/** A buffer of at least `bytes`, valid until the next list block is taken. */
export function stagingBuffer(bytes: u32): usize {
  if (bytes <= stagingBytes) return staging;
  const capacity = fittingCapacity((bytes + EDGE_SIZE - 1) / EDGE_SIZE);
  if (staging != 0) giveListBlock(STAGING, staging, stagingBytes / EDGE_SIZE);
  staging = takeListBlock(STAGING, capacity);
  stagingBytes = capacity * EDGE_SIZE;
  return staging;
}

/** The least power of two, at least 4, that holds `length` edges. */
function fittingCapacity(length: u32): u32 {
  return length <= 4 ? 4 : <u32>1 << (32 - clz<u32>(length - 1));
}

/** Moves a list's block from `from` to `to` (not above it), shrunk to fit; returns its new data bytes. */
function moveList(owner: u32, from: usize, to: usize): u32 {
  const header = listHeaderOf(owner);
  const length = load<u32>(header, 4);
  const capacity = load<u32>(header, 8);
  const fitted = fittingCapacity(length);
  copyEntries(isInList(owner), to, fitted, from, capacity, length);
  store<u32>(header, <u32>to);
  store<u32>(header, fitted, 8);
  return fitted * entryBytes(owner);
}

/** Copies `length` entries of an out-list (hot, then cold) or an in-list from one block to another. */
export function copyEntries(incoming: bool, to: usize, toCapacity: u32, from: usize, fromCapacity: u32, length: u32): void {
  if (incoming) {
    memory.copy(to, from, <usize>length * IN_ENTRY_SIZE);
    return;
  }
  // Hot part first: moving down, it ends below where the cold part is read from, so neither copy overwrites
  // unread bytes.
  memory.copy(to, from, <usize>length * HOT_SIZE);
  memory.copy(to + <usize>toCapacity * HOT_SIZE, from + <usize>fromCapacity * HOT_SIZE, <usize>length * COLD_SIZE);
}

/** Moves the staging buffer from `from` to `to` (not above it); returns its data bytes. */
function moveStaging(from: usize, to: usize): u32 {
  memory.copy(to, from, stagingBytes);
  staging = to;
  return stagingBytes;
}

function blockBytes(owner: u32, data: usize): u32 {
  if (owner == FREE) return load<u32>(data, 4);
  if (owner == STAGING) return stagingBytes;
  return load<u32>(listHeaderOf(owner), 8) * entryBytes(owner);
}

/** Slides every live block down over the free ones, in address order, and empties the free lists. */
function compact(): void {
  let read = blocksStart;
  let write = blocksStart;
  const top = arenaTop();
  while (read < top) {
    const owner = load<u32>(read);
    const next = read + OWNER_SIZE + blockBytes(owner, read + OWNER_SIZE);
    if (owner != FREE) {
      const data = write + OWNER_SIZE;
      const bytes = owner == STAGING ? moveStaging(read + OWNER_SIZE, data) : moveList(owner, read + OWNER_SIZE, data);
      store<u32>(write, owner);
      write = data + bytes;
    }
    read = next;
  }
  arenaRewind(write);
  memory.fill(freeBlocks, 0, FREE_LISTS << 2);
  freeBytes = 0;
}
