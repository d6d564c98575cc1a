// The scratch slots of one routing memory, which the threads routing on it borrow for one kernel call each. A
// slot grows with the map (two search spaces, path buffers and bucket heads over every hierarchy node) and
// with the largest matrix asked for (its call area), so a slot per thread made every worker cost a share of
// the map. The table lives in the memory itself (shared-regions.ts), so every thread holding the memory finds
// it; a memory holds about as many slots as kernel calls run at once, one per core, whatever the threads.
import { availableParallelism } from 'node:os';
import { claimScratchSlot, type ScratchSlot } from './scratch-slot.js';
import { SCRATCH_TABLE_ADDRESS, SCRATCH_TABLE_BYTES, type SharedRegions } from './shared-regions.js';

/** Int32 words of the table's header: slots laid out so far, and a counter bumped on every return. */
const SLOT_COUNT = 0, RETURNS = 1, HEADER_WORDS = 4;
/** Int32 fields of one slot. */
const STATE = 0, NODE_CAPACITY = 1, ARC_CAPACITY = 2, FORWARD = 3, BACKWARD = 4, MEETING = 5, PATH = 6, BUCKETS = 7,
  CALL_AREA = 8, CALL_AREA_BYTES = 9, SLOT_WORDS = 10;
const MAXIMUM_SLOTS = Math.floor((SCRATCH_TABLE_BYTES / Int32Array.BYTES_PER_ELEMENT - HEADER_WORDS) / SLOT_WORDS);
/** A slot counted but still being laid out has no state yet; free ones wait in the table, borrowed ones are held. */
const FREE = 1, BORROWED = 2;
/**
 * How long a thread waits for a slot when the memory already holds its share of them, before it lays out one
 * more. Kernel calls last milliseconds to a second, so waiting longer than this means the cores are busy with
 * long calls (planning matrices) or a holder died mid-call (a terminated worker never returns its slot): the
 * request must not stall behind either.
 */
const WAIT_BEFORE_GROWING_MS = 1000;

/** A slot as one thread holds it between taking and giving it back. */
export interface BorrowedSlot extends ScratchSlot {
  readonly index: number;
}

const SLOT_FIELDS = [NODE_CAPACITY, ARC_CAPACITY, FORWARD, BACKWARD, MEETING, PATH, BUCKETS, CALL_AREA, CALL_AREA_BYTES] as const;

export class ScratchPool {
  private readonly table: Int32Array;

  /** `share`: how many slots a memory lays out before a thread waits for one instead. */
  constructor(private readonly regions: SharedRegions, private readonly share = availableParallelism()) {
    // Page 1 exists from the memory's creation on, so this view never needs re-making after growth.
    this.table = new Int32Array(regions.memory.buffer, SCRATCH_TABLE_ADDRESS, SCRATCH_TABLE_BYTES / Int32Array.BYTES_PER_ELEMENT);
  }

  /** Slots laid out in this memory so far, by every thread. */
  get size(): number {
    return Math.min(Atomics.load(this.table, SLOT_COUNT), MAXIMUM_SLOTS);
  }

  /** A slot for searches over `nodeCount` nodes and `arcCount` arcs, held by this thread until `give`. */
  take(nodeCount: number, arcCount: number): BorrowedSlot {
    const waitUntil = Date.now() + WAIT_BEFORE_GROWING_MS;
    for (;;) {
      const returns = Atomics.load(this.table, RETURNS);
      const free = this.takeFree();
      if (free !== undefined) return this.sized(free, nodeCount, arcCount);
      const mayGrow = this.size < this.share || Date.now() >= waitUntil;
      const added = mayGrow ? this.addSlot(nodeCount, arcCount) : undefined;
      if (added) return added;
      Atomics.wait(this.table, RETURNS, returns, Math.max(1, waitUntil - Date.now()));
    }
  }

  /** Returns a slot for another thread to take, with its call area as it grew. */
  give(slot: BorrowedSlot): void {
    const at = this.slotAt(slot.index);
    this.table[at + CALL_AREA] = slot.callArea;
    this.table[at + CALL_AREA_BYTES] = slot.callAreaBytes;
    Atomics.store(this.table, at + STATE, FREE);
    Atomics.add(this.table, RETURNS, 1);
    Atomics.notify(this.table, RETURNS, 1);
  }

  private takeFree(): number | undefined {
    for (let index = 0; index < this.size; index++) {
      if (Atomics.compareExchange(this.table, this.slotAt(index) + STATE, FREE, BORROWED) === FREE) return index;
    }
    return undefined;
  }

  private addSlot(nodeCount: number, arcCount: number): BorrowedSlot | undefined {
    const index = Atomics.add(this.table, SLOT_COUNT, 1);
    if (index >= MAXIMUM_SLOTS) {
      Atomics.sub(this.table, SLOT_COUNT, 1);
      return undefined;
    }
    const slot = this.record(index, claimScratchSlot(this.regions, nodeCount, arcCount));
    Atomics.store(this.table, this.slotAt(index) + STATE, BORROWED);
    return slot;
  }

  /** The slot, laid out again when a larger hierarchy than it was made for arrives. */
  private sized(index: number, nodeCount: number, arcCount: number): BorrowedSlot {
    const slot = this.read(index);
    if (slot.nodeCapacity >= nodeCount && slot.arcCapacity >= arcCount) return slot;
    return this.record(index, { ...claimScratchSlot(this.regions, nodeCount, arcCount), callArea: slot.callArea, callAreaBytes: slot.callAreaBytes });
  }

  private record(index: number, slot: ScratchSlot): BorrowedSlot {
    const at = this.slotAt(index);
    const values = [slot.nodeCapacity, slot.arcCapacity, slot.forward, slot.backward, slot.meeting, slot.path, slot.buckets, slot.callArea, slot.callAreaBytes];
    SLOT_FIELDS.forEach((field, i) => (this.table[at + field] = values[i]! | 0));
    return { ...slot, index };
  }

  private read(index: number): BorrowedSlot {
    const at = this.slotAt(index);
    const field = (offset: number) => this.table[at + offset]! >>> 0;
    return {
      index, nodeCapacity: field(NODE_CAPACITY), arcCapacity: field(ARC_CAPACITY), forward: field(FORWARD), backward: field(BACKWARD),
      meeting: field(MEETING), path: field(PATH), buckets: field(BUCKETS), callArea: field(CALL_AREA), callAreaBytes: field(CALL_AREA_BYTES),
    };
  }

  private slotAt(index: number): number {
    return HEADER_WORDS + index * SLOT_WORDS;
  }
}
