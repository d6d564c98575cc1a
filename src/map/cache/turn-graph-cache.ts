/**
 * The turn graph beside the map cache: a start from the cache reads it, each array straight into a
 * SharedArrayBuffer of its own, instead of building it again from the road graph, which was most of such a
 * start's time (docs/scale.md, Starting from the cache).
 */
import { readArrayFile, writeArrayFile } from '../../common/array-file.js';
import { sharedTurnGraph, type TurnGraph } from '../graph/turn-graph.js';

/** Bump whenever TurnGraph's arrays or their meaning change: older files are then built again, not misread. */
const TURN_GRAPH_FILE_VERSION = 1;

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

/** The turn graph stored at `path` under `key`; undefined when absent, for another key or version, or damaged. */
function readTurnGraphFile(path: string, key: string): TurnGraph | undefined {
  const file = readArrayFile<TurnGraphFileDescription>(path);
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
 * `build()`'s, stored there; on SharedArrayBuffers either way.
 */
export function cachedTurnGraph(path: string, key: string, build: () => TurnGraph): TurnGraph {
  const stored = readTurnGraphFile(path, key);
  if (stored) return stored;
  const turns = sharedTurnGraph(build());
  const description: TurnGraphFileDescription = { version: TURN_GRAPH_FILE_VERSION, key, nodeCount: turns.nodeCount, turnCount: turns.turnCount };
  writeArrayFile(path, description, Object.fromEntries(ARRAY_NAMES.map((name) => [name, turns[name]])));
  return turns;
}
