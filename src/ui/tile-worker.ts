/**
 * The thread that cuts road tiles (tile-service.ts): it builds the edge index at start and answers one tile
 * per message, at the planning workers' lower OS priority, so neither the index nor a large low-zoom tile
 * ever holds the HTTP thread or takes CPU from /v1/path.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThreadPriority, taskWorkerNiceness } from '../pool/thread-priority.js';
import { RoadTiles, type TileRoads } from './road-tiles.js';
import type { TileReply, TileRequest } from './tile-messages.js';

lowerThreadPriority(taskWorkerNiceness);
const tiles = new RoadTiles(workerData as TileRoads);
const bounds = tiles.bounds();

parentPort!.on('message', (request: TileRequest) => {
  const reply: TileReply = request.kind === 'bounds'
    ? { id: request.id, json: JSON.stringify({ bounds }) }
    : { id: request.id, json: tiles.tileJson(request.address) };
  parentPort!.postMessage(reply);
});
