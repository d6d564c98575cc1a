// Collects what the contraction kernel hands over as it contracts (assembly/routing/contraction/upward-output.ts)
// outside its memory, and lays out the hierarchy's byte form at the end (docs/ch.md, Where it runs).
import { ChunkedBytes } from '../common/chunked-bytes.js';
import { SpilledBytes } from '../common/spilled-bytes.js';
import type { ByteSink } from '../common/digesting-file-writer.js';
import { HIERARCHY_HEADER_BYTES, hierarchyArrayOffsets, writeHierarchyHeader, type HierarchyCounts } from './hierarchy.js';
import { EDGE_BYTES, U32 } from './layout.js';
import { kernelAddress, type ContractionSinks } from './wasm-modules.js';

/**
 * The hierarchy as the kernel hands it over: each contracted node's upward edges in rank order (the search
 * graph's lists, with node ids where ranks belong, also in the arc ids of shortcuts), kept outside the kernel's
 * memory.
 */
const EDGE_WORDS = EDGE_BYTES / U32;
/** Where an edge (other, weight, distance, arc) keeps its arc id. */
const ARC_WORD = 3;
type EdgeStore = ChunkedBytes | SpilledBytes;
/** Edges read back from a spill file at a time by writeTo: whole edges. */
const SPILL_PIECE_BYTES = 4 * 2 ** 20;

export class HierarchyCollector implements ContractionSinks {
  /** Forward and backward edges: in memory, or in files `<spillPath>.forward` and `.backward`. */
  private readonly edges: [EdgeStore, EdgeStore];
  private readonly firsts: [Uint32Array, Uint32Array];
  private readonly ranksDone = [0, 0];
  private shortcutCount = 0;
  memory: WebAssembly.Memory | undefined;

  /** `onContracted(count)`: after each node contracted, with the number contracted so far. */
  constructor(private readonly nodeCount: number, private readonly arcCount: number, spillPath?: string,
              private readonly onContracted?: (count: number) => void) {
    this.firsts = [new Uint32Array(nodeCount + 1), new Uint32Array(nodeCount + 1)];
    this.edges = spillPath === undefined
      ? [new ChunkedBytes(), new ChunkedBytes()]
      : [new SpilledBytes(`${spillPath}.forward`), new SpilledBytes(`${spillPath}.backward`)];
  }

  readonly upwardEdges = (incoming: number, address: number, count: number): void => {
    const side = incoming ? 1 : 0, first = this.firsts[side], rank = this.ranksDone[side]!++;
    first[rank + 1] = first[rank]! + count;
    const edges = new Uint32Array(this.memory!.buffer, kernelAddress(address), count * EDGE_WORDS);
    for (let i = ARC_WORD; i < edges.length; i += EDGE_WORDS) if (edges[i]! >= this.arcCount) this.shortcutCount++;
    this.edges[side]!.append(new Uint8Array(edges.buffer, edges.byteOffset, edges.byteLength));
    if (!incoming) this.onContracted?.(rank + 1);
  };

  /** The counts of the hierarchy collected, whose byte form moveInto writes. */
  counts(): HierarchyCounts {
    const [forwardFirst, backwardFirst] = this.firsts;
    return {
      nodeCount: this.nodeCount, arcCount: this.arcCount, shortcutCount: this.shortcutCount,
      forwardEdgeCount: forwardFirst[this.nodeCount]!, backwardEdgeCount: backwardFirst[this.nodeCount]!,
    };
  }

  /** Writes the hierarchy's byte form into `bytes`, given its counts and the kernel's node → rank array; empties the collector. */
  moveInto(bytes: Uint8Array, counts: HierarchyCounts, rank: Uint32Array): void {
    const [forwardFirst, backwardFirst] = this.firsts;
    const offsets = hierarchyArrayOffsets(counts);
    writeHierarchyHeader(bytes, counts);
    const setWords = (at: number, words: Uint32Array) => bytes.set(bytesOf(words), at);
    setWords(offsets.rank, rank);
    setWords(offsets.forwardFirst, forwardFirst);
    setWords(offsets.backwardFirst, backwardFirst);
    this.moveEdges(bytes, offsets.forwardEdges, this.edges[0]!, rank);
    this.moveEdges(bytes, offsets.backwardEdges, this.edges[1]!, rank);
  }

  /**
   * Hands the byte form moveInto writes to `sink` instead, in order, the edges a piece of SPILL_PIECE_BYTES at a
   * time from their spill files (a collector that keeps them in memory has it all there already: moveInto); empties
   * the collector.
   */
  writeTo(sink: ByteSink, counts: HierarchyCounts, rank: Uint32Array): void {
    const [forward, backward] = this.edges;
    if (!(forward instanceof SpilledBytes) || !(backward instanceof SpilledBytes)) throw new Error('only spilled edges are written in pieces');
    const header = new Uint8Array(HIERARCHY_HEADER_BYTES);
    writeHierarchyHeader(header, counts);
    sink.put(header);
    sink.put(bytesOf(rank));
    for (const [first, edges] of [[this.firsts[0], forward], [this.firsts[1], backward]] as const) {
      sink.put(bytesOf(first));
      edges.moveInPieces(SPILL_PIECE_BYTES, (piece) => {
        this.toRanks(new Uint32Array(piece.buffer, piece.byteOffset, piece.byteLength / U32), rank);
        sink.put(piece);
      });
    }
  }

  /** Lets what is collected go (its files too), moved or not. */
  discard(): void {
    for (const edges of this.edges) edges.discard();
  }

  /** Places one side's edges and turns the node ids at their other end, and those shortcuts bypass, into ranks. */
  private moveEdges(bytes: Uint8Array, at: number, edges: EdgeStore, rank: Uint32Array): void {
    const count = edges.length / EDGE_BYTES;
    edges.moveTo(bytes, at);
    this.toRanks(new Uint32Array(bytes.buffer, bytes.byteOffset + at, count * EDGE_WORDS), rank);
  }

  /** Turns the node ids in these whole edges into ranks. */
  private toRanks(words: Uint32Array, rank: Uint32Array): void {
    const arcCount = this.arcCount;
    for (let i = 0; i < words.length; i += EDGE_WORDS) {
      words[i] = rank[words[i]!]!;
      const arc = words[i + ARC_WORD]!;
      if (arc >= arcCount) words[i + ARC_WORD] = arcCount + rank[arc - arcCount]!;
    }
  }
}

function bytesOf(words: Uint32Array): Uint8Array {
  return new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
}
