import type { OsmHandler } from './elements.js';
import { OsmFormatError } from './osm-format-error.js';
import type { ReadOsmOptions } from './read-options.js';
import { readPbf } from './read-pbf.js';
import { readXml } from './read-xml.js';

/**
 * Streams the nodes, ways and relations of an OSM file to `handler`, choosing the decoder by extension:
 * `.pbf` (`.osm.pbf`) or `.osm`/`.xml`. Resolves once every element has been delivered.
 */
export async function readOsmFile(path: string, handler: OsmHandler, options: ReadOsmOptions = {}): Promise<void> {
  if (path.endsWith('.pbf')) return readPbf(path, handler, options);
  if (path.endsWith('.osm') || path.endsWith('.xml')) return readXml(path, handler, options);
  throw new OsmFormatError('unknown OSM file type (expected .osm.pbf or .osm)', path);
}
