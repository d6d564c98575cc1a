/**
 * The dispatcher's page (docs/ui.md): `GET /ui/` and its assets from the installed package (the page, its
 * compiled client modules, Leaflet), the road tiles of the served map at `GET /ui/tiles/{z}/{x}/{y}` and their
 * extent at `GET /ui/bounds`.
 * Nothing here is on a /v1 route: the page is a client of the public API like any other.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';
import { sendError } from '../http/error-handler.js';
import { parseTileAddress } from './tile-coordinates.js';
import type { TileService } from './tile-service.js';

/** The tiles of the served map, set once the map is loaded. */
export interface ServedRoads {
  tiles?: TileService;
}

const here = dirname(fileURLToPath(import.meta.url));
/** Folders as the package installs them, from dist/src/ui/. */
const pageFolder = join(here, '../../../ui/public');
const clientFolder = join(here, '../../ui');
const leafletFolder = join(dirname(createRequire(import.meta.url).resolve('leaflet/package.json')), 'dist');

function unavailable(): AppError {
  return new AppError('service_unavailable_error', 'The service is still loading its map');
}

export async function registerUiRoutes(app: FastifyInstance, roads: ServedRoads): Promise<void> {
  await app.register(fastifyStatic, { root: pageFolder, prefix: '/ui/', index: false, schemaHide: true });
  // `/ui` and `/ui/` are one route (the router ignores trailing slashes); the page's own links are absolute.
  app.get('/ui', { schema: { hide: true } }, async (_request, reply) => reply.sendFile('index.html'));
  await app.register(fastifyStatic, { root: clientFolder, prefix: '/ui/js/', decorateReply: false, schemaHide: true });
  await app.register(fastifyStatic, { root: leafletFolder, prefix: '/ui/vendor/leaflet/', decorateReply: false, schemaHide: true });

  app.get('/ui/bounds', { schema: { hide: true } }, async (_request, reply) => {
    if (!roads.tiles) return sendError(reply, unavailable());
    return reply.type('application/json').send(await roads.tiles.boundsJson());
  });
  app.get<{ Params: { z: string; x: string; y: string } }>('/ui/tiles/:z/:x/:y', { schema: { hide: true } }, async (request, reply) => {
    const address = parseTileAddress(request.params);
    if (!roads.tiles) return sendError(reply, unavailable());
    // Tiles change only when the service restarts on another map; a minute of caching keeps panning smooth.
    return reply.type('application/json').header('cache-control', 'private, max-age=60').send(await roads.tiles.tileJson(address));
  });
}
