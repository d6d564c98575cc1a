/** What the HTTP thread and the tile thread say to each other. */
import type { TileAddress } from './tile-coordinates.js';

export type TileRequest = { id: number; kind: 'tile'; address: TileAddress } | { id: number; kind: 'bounds' };

/** The answer as JSON text, sent as the HTTP body unparsed. */
export interface TileReply {
  id: number;
  json: string;
}
