/**
 * The snap index beside the map cache: a start from the cache reads its tree and segment edges straight into
 * SharedArrayBuffers instead of sorting every segment of the map again (docs/scale.md, Starting from the cache).
 */
import { readArrayFile, writeArrayFile } from '../../common/array-file.js';
import type { RoadGraph } from '../graph/road-graph.js';
import { SnapIndex } from '../snap/snap-index.js';

/** Bump whenever the index's layout or meaning changes: older files are then built again, not misread. */
const SNAP_INDEX_FILE_VERSION = 1;

interface SnapIndexFileDescription {
  version: number;
  key: string;
}

async function readSnapIndexFile(path: string, key: string, graph: RoadGraph): Promise<SnapIndex | undefined> {
  const file = await readArrayFile<SnapIndexFileDescription>(path);
  if (file?.description?.version !== SNAP_INDEX_FILE_VERSION || file.description.key !== key) return undefined;
  const { tree, segmentEdge } = file.arrays;
  if (!(tree instanceof Uint8Array) || !(segmentEdge instanceof Uint32Array)) return undefined;
  if (segmentEdge.length !== graph.geomLat.length - graph.edgeCount) return undefined;
  try {
    return SnapIndex.attach(graph, { tree: tree.buffer as SharedArrayBuffer, segmentEdge });
  } catch {
    // Not a flatbush tree (a damaged file): built again.
    return undefined;
  }
}

/** The snap index of `graph` stored at `path` under `key` (the map cache's), or built and stored there. */
export async function cachedSnapIndex(path: string, key: string, graph: RoadGraph): Promise<SnapIndex> {
  const stored = await readSnapIndexFile(path, key, graph);
  if (stored) return stored;
  const index = SnapIndex.build(graph);
  const { tree, segmentEdge } = index.data;
  writeArrayFile(path, { version: SNAP_INDEX_FILE_VERSION, key } satisfies SnapIndexFileDescription, { tree: new Uint8Array(tree), segmentEdge });
  return index;
}
