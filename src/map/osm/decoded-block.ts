import { NO_TAGS, type OsmHandler, type OsmRelation, type OsmTags } from './elements.js';

/**
 * One PBF primitive block decoded into flat columns, so a worker can hand it to the main thread by
 * transferring a few buffers instead of structured-cloning thousands of small objects.
 * Tags of node i are `nodeTags[2*k], nodeTags[2*k+1]` for k in [nodeTagStart[i], nodeTagStart[i+1]); same for ways.
 */
export interface DecodedBlock {
  nodeIds: Float64Array;
  nodeLat: Float64Array;
  nodeLon: Float64Array;
  nodeTagStart: Uint32Array;
  wayIds: Float64Array;
  wayRefStart: Uint32Array;
  wayRefs: Float64Array;
  wayTagStart: Uint32Array;
  /** Flat key/value pairs. */
  nodeTags: string[];
  wayTags: string[];
  relations: OsmRelation[];
}

export function transferListOf(block: DecodedBlock): ArrayBuffer[] {
  return [
    block.nodeIds, block.nodeLat, block.nodeLon, block.nodeTagStart,
    block.wayIds, block.wayRefStart, block.wayRefs, block.wayTagStart,
  ].map((a) => a.buffer as ArrayBuffer);
}

function tagObject(tags: string[], from: number, to: number): OsmTags {
  if (from === to) return NO_TAGS;
  const out: Record<string, string> = {};
  for (let k = from; k < to; k++) out[tags[2 * k]!] = tags[2 * k + 1]!;
  return out;
}

/** Hands the block's elements to the handler in block order: nodes, ways, relations. */
export function emitBlock(block: DecodedBlock, handler: OsmHandler): void {
  if (handler.node) {
    const { nodeIds, nodeLat, nodeLon, nodeTagStart } = block;
    for (let i = 0; i < nodeIds.length; i++) {
      handler.node({
        id: nodeIds[i]!, lat: nodeLat[i]!, lon: nodeLon[i]!,
        tags: tagObject(block.nodeTags, nodeTagStart[i]!, nodeTagStart[i + 1]!),
      });
    }
  }
  if (handler.way) {
    const { wayIds, wayRefStart, wayRefs, wayTagStart } = block;
    for (let i = 0; i < wayIds.length; i++) {
      handler.way({
        id: wayIds[i]!,
        refs: Array.from(wayRefs.subarray(wayRefStart[i]!, wayRefStart[i + 1]!)),
        tags: tagObject(block.wayTags, wayTagStart[i]!, wayTagStart[i + 1]!),
      });
    }
  }
  if (handler.relation) for (const relation of block.relations) handler.relation(relation);
}
