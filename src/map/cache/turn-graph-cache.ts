/**
 * The turn graph beside the map cache: a start from the cache reads it, each array straight into a
 * SharedArrayBuffer of its own, instead of building it again from the road graph, which was most of such a
 * start's time (docs/scale.md, Starting from the cache).
 */
import { readArrayFile, writeArrayFile } from '../../common/array-file.js';
import { sharedTurnGraph, type TurnGraph } from '../graph/turn-graph.js';

/**
 * Bump whenever TurnGraph's arrays, their meaning or the file's header change (2: each array's digest): older
 * files are then built again, not misread.
 */
const TURN_GRAPH_FILE_VERSION = 2;

interface TurnGraphFileDescription {
  version: number;
  key: string;
  nodeCount: number;
  turnCount: number;
}

type TurnArrayName = 'tail' | 'head' | 'turnMs' | 'weight' | 'distance' | 'arcZone' | 'firstTurn';

const perTurn = (description: TurnGraphFileDescription): number => description.turnCount;

/** Every array of a turn graph and its length: one per turn, per road arc, or one more (firstTurn). */
const ARRAY_LENGTHS: Record<TurnArrayName, (description: TurnGraphFileDescription) => number> = {
  tail: perTurn, head: perTurn, turnMs: perTurn, weight: perTurn, distance: perTurn,
  arcZone: (description) => description.nodeCount,
  firstTurn: (description) => description.nodeCount + 1,
};
const ARRAY_NAMES = Object.keys(ARRAY_LENGTHS) as TurnArrayName[];

const turnArrays = (turns: TurnGraph): Record<TurnArrayName, Uint32Array> =>
  Object.fromEntries(ARRAY_NAMES.map((name) => [name, turns[name]])) as Record<TurnArrayName, Uint32Array>;

/**
 * The turn graph stored at `path` under `key`, holding `alike`'s arrays where they hold the same bytes; undefined
 * when absent, for another key or version, or damaged.
 */
async function readTurnGraphFile(path: string, key: string, alike: TurnGraph | undefined): Promise<TurnGraph | undefined> {
  const file = await readArrayFile<TurnGraphFileDescription>(path, alike && turnArrays(alike));
  if (file?.description?.version !== TURN_GRAPH_FILE_VERSION || file.description.key !== key) return undefined;
  const intact = ARRAY_NAMES.every((name) => {
    const array = file.arrays[name];
    return array instanceof Uint32Array && array.length === ARRAY_LENGTHS[name](file.description);
  });
  if (!intact) return undefined;
  const { nodeCount, turnCount } = file.description;
  return { nodeCount, turnCount, ...(file.arrays as Record<TurnArrayName, Uint32Array>) };
}

/**
 * The turn graph stored at `path` under `key` (naming the road graph, profile, turn model and driving side), or
 * `build()`'s, stored there; on SharedArrayBuffers either way, holding `alike`'s arrays (another profile's turn
 * graph of the same map) wherever they hold the same bytes.
 */
export async function cachedTurnGraph(path: string, key: string, build: () => TurnGraph, alike?: TurnGraph): Promise<TurnGraph> {
  const stored = await readTurnGraphFile(path, key, alike);
  if (stored) return stored;
  const turns = sharedTurnGraph(build());
  const description: TurnGraphFileDescription = { version: TURN_GRAPH_FILE_VERSION, key, nodeCount: turns.nodeCount, turnCount: turns.turnCount };
  writeArrayFile(path, description, turnArrays(turns));
  // Read back for `alike`'s arrays: a fresh import shares what a start from the cache shares.
  return alike ? (await readTurnGraphFile(path, key, alike)) ?? turns : turns;
}
