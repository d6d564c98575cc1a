/**
 * The 1000 × 1000 `/v1/matrix` as a client sees it: durations and distances between random points of an
 * extract's main network, timed from sending the request to holding the parsed answer, JSON and MessagePack (rows
 * as arrays, and as typed arrays). The server runs in a process of its own, started fresh from a warm map cache,
 * so its first matrix is the one a client meets after a restart (after one authenticated request that checks the
 * client's credentials, and with the client's own HTTP client and JSON parser warm again before each request:
 * ClientWarmer). The first and the tenth requests are the medians of fifteen restarts, and beside them an eleventh
 * on a connection of its own: the first answer on a new connection reaches the client later on a warm server too
 * (docs/routing-service.md, The first request). Beside it, the same matrix computed in the bench's own thread
 * (`travelMatrix`, no HTTP), and the time of writing it there as JSON and as MessagePack.
 * OSRM on this machine answers the same size with distances in 535–585 ms (docs/ch.md).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { unpack } from 'msgpackr';
import { Agent, fetch, type Dispatcher } from 'undici';
import type { LatLon } from '../src/conventions/latlon.js';
import { travelMatrix } from '../src/routing/query/travel-matrix.js';
import { matrixJson, matrixMsgpack, type MatrixCells } from '../src/routing/service/matrix-encoding.js';
import { MATRIX_ACCEPTS } from '../src/routing/service/matrix-operation.js';
import { sharedData, testCacheDir } from '../test/helpers/shared-data.js';
import { useRoutingMap } from '../test/helpers/routing-map.js';
import { mainNetworkPoints } from './main-network-points.js';
import { percentile, report } from './report.js';
import { startServerProcess, type RunningBenchServer } from './server-process.js';

const EXTRACTS = ['liechtenstein', 'baltimore'];
const SIZE = 1000;
/** Requests per encoding: one build's median of nine varied by 80 ms on an idle machine, too much to compare builds. */
const REPEATS = 30;
/** The request the first after a start is compared with. */
const TENTH = 9;
const OSRM_TABLE_MS = 535;

/**
 * Restarts whose first and tenth requests are compared: single requests on this shared machine spread by ±20 %,
 * and the medians of five restarts still moved by 10 % from run to run, either way.
 */
const STARTS = 15;

type Encoding = keyof typeof MATRIX_ACCEPTS;

/**
 * `ms` from sending to the parsed answer, of which `headersMs` until the server began to answer (it has the matrix
 * then) and `receivedMs` until the last byte arrived (the rest: decoding).
 */
interface TimedMatrix {
  ms: number;
  headersMs: number;
  receivedMs: number;
  bytes: number;
}

/** A client of its own: requests through it share one kept-alive connection, opened by its first request. */
function newConnection(): Agent {
  return new Agent({ connections: 1 });
}

async function timedMatrix(server: RunningBenchServer, body: string, encoding: Encoding, connection: Dispatcher): Promise<TimedMatrix> {
  const start = performance.now();
  const response = await fetch(`${server.url}/v1/matrix`, {
    method: 'POST',
    headers: { ...server.headers, ...(MATRIX_ACCEPTS[encoding] && { accept: MATRIX_ACCEPTS[encoding] }) },
    body,
    dispatcher: connection,
  });
  const headersMs = performance.now() - start;
  if (response.status !== 200) throw new Error(`matrix answered ${response.status}: ${await response.text()}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const receivedMs = performance.now() - start;
  const answer = (encoding === 'json' ? JSON.parse(new TextDecoder().decode(bytes)) : unpack(bytes)) as { durations: ArrayLike<unknown>[] };
  const ms = performance.now() - start;
  if (answer.durations.length !== SIZE || answer.durations[0]!.length !== SIZE) throw new Error('the matrix has the wrong shape');
  return { ms, headersMs, receivedMs, bytes: bytes.byteLength };
}

/** The fastest of a few runs, after one that warms it up. */
async function fastestMs(run: () => unknown): Promise<number> {
  await run();
  const times: number[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return Math.min(...times);
}

interface InThread {
  matrixMs: number;
  jsonMs: number;
  msgpackMs: number;
  /** The JSON answer as the server writes it. */
  json: Uint8Array;
}

/** The matrix computed in this thread, then written as JSON and as MessagePack, each timed on its own. */
async function inThread(mapFile: string, dataDir: string, points: string[]): Promise<InThread> {
  await useRoutingMap(mapFile, dataDir);
  const sources = points.map((point): LatLon => {
    const [lat, lon] = point.split(',').map(Number);
    return { lat: lat!, lon: lon! };
  });
  const matrixMs = await fastestMs(() => travelMatrix(sources));
  const cells: MatrixCells = await travelMatrix(sources);
  return {
    matrixMs,
    jsonMs: await fastestMs(() => matrixJson(cells)),
    msgpackMs: await fastestMs(() => matrixMsgpack(cells)),
    json: matrixJson(cells),
  };
}

/**
 * This process's first large answer costs it more than later ones: its HTTP client receives megabytes for the first
 * time and its first `JSON.parse` of that size can take twice a later one (its heap grows). So can its first after
 * idling for seconds, as it does while a server starts: idle, V8 shrinks its heap (one parse took 77 ms against
 * 50 ms after staying busy). `warm` fetches and parses the same answer, written in this thread and served from this
 * process, so that a first request measures the server's restart, not the client's cold or idle start.
 */
interface ClientWarmer {
  /** Two fetches of the answer, with their times from sending to the parsed answer. */
  warm(): Promise<{ first: number; second: number }>;
  close(): void;
}

async function startClientWarmer(json: Uint8Array): Promise<ClientWarmer> {
  const local = createServer((_, response) => response.end(json));
  await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
  const { port } = local.address() as AddressInfo;
  const fetchMs = async () => {
    const start = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/`);
    JSON.parse(new TextDecoder().decode(await response.arrayBuffer()));
    return performance.now() - start;
  };
  return { warm: async () => ({ first: await fetchMs(), second: await fetchMs() }), close: () => local.close() };
}

async function measure(name: string, mapFile: string): Promise<void> {
  const dataDir = testCacheDir();
  const points = await mainNetworkPoints(mapFile, dataDir, SIZE, 7);
  const body = JSON.stringify({ sources: points });
  const local = await inThread(mapFile, dataDir, points);
  const clientWarmer = await startClientWarmer(local.json);
  const clientWarmUp = await clientWarmer.warm();
  const args = ['--map', mapFile, '--data-dir', dataDir];
  // A first start fills the map cache, so the measured starts are restarts, not imports.
  await (await startServerProcess(args)).close();
  const restarts = [];
  try {
    for (let start = 0; start < STARTS; start++) restarts.push(await firstRequests(args, body, clientWarmer));
  } finally {
    clientWarmer.close();
  }
  const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 0.5);
  const firsts = restarts.map(({ runs }) => runs[0]!);
  const tenths = restarts.map(({ runs }) => runs[TENTH]!);
  const onNewConnections = restarts.map(({ onNewConnection }) => onNewConnection);
  const medianOf = (runs: TimedMatrix[], time: keyof TimedMatrix) => round(median(runs.map((run) => run[time])));
  const steady = await steadyRequests(args, body);
  const p50 = (runs: TimedMatrix[]) => median(runs.map((run) => run.ms));
  const jsonP50 = p50(steady.json);
  report('matrix_http', {
    map: name,
    size: `${SIZE}x${SIZE}`,
    // Medians over the restarts, then each restart's own.
    json_first_ms: medianOf(firsts, 'ms'),
    json_tenth_ms: medianOf(tenths, 'ms'),
    json_new_connection_ms: medianOf(onNewConnections, 'ms'),
    json_first_each_ms: firsts.map((run) => round(run.ms)).join(' '),
    json_tenth_each_ms: tenths.map((run) => round(run.ms)).join(' '),
    json_new_connection_each_ms: onNewConnections.map((run) => round(run.ms)).join(' '),
    // Where a slow first request loses its time: the server's answer (headers), the transfer, the client's parse.
    json_first_headers_ms: medianOf(firsts, 'headersMs'),
    json_tenth_headers_ms: medianOf(tenths, 'headersMs'),
    json_new_connection_headers_ms: medianOf(onNewConnections, 'headersMs'),
    json_first_received_ms: medianOf(firsts, 'receivedMs'),
    json_tenth_received_ms: medianOf(tenths, 'receivedMs'),
    json_new_connection_received_ms: medianOf(onNewConnections, 'receivedMs'),
    json_p50_ms: round(jsonP50),
    json_mb: round(steady.json[0]!.bytes / 1e6),
    msgpack_p50_ms: round(p50(steady.msgpack)),
    msgpack_mb: round(steady.msgpack[0]!.bytes / 1e6),
    msgpack_typed_p50_ms: round(p50(steady.msgpackTypedRows)),
    msgpack_typed_mb: round(steady.msgpackTypedRows[0]!.bytes / 1e6),
    in_thread_ms: round(local.matrixMs),
    in_thread_json_ms: round(local.jsonMs),
    in_thread_msgpack_ms: round(local.msgpackMs),
    client_first_fetch_ms: round(clientWarmUp.first),
    client_second_fetch_ms: round(clientWarmUp.second),
    json_vs_in_thread: round(jsonP50 / local.matrixMs),
    osrm_table_ms: OSRM_TABLE_MS,
    json_vs_osrm: round(OSRM_TABLE_MS / jsonP50),
  });
}

interface Restart {
  /** The first request after the start up to the tenth, on one connection. */
  runs: TimedMatrix[];
  /** One more, the first on a second connection. */
  onNewConnection: TimedMatrix;
}

/**
 * A fresh server's first requests, up to the tenth, then one on a new connection; JSON. Each request follows the
 * same client warm-up, so the first and the tenth meet the same client and the same connection: one idle for
 * longer than its retransmission timeout, which sends the answer from TCP's initial window again
 * (`tcp_slow_start_after_idle`), as the first request's always is and back-to-back requests' never are.
 */
async function firstRequests(args: string[], body: string, clientWarmer: ClientWarmer): Promise<Restart> {
  const server = await startServerProcess(args);
  const connections = [newConnection(), newConnection()];
  // The credentials' hash is checked once per client (then cached), and a connection is opened by its first
  // request: neither is the matrix's cost.
  const opened = async (connection: Dispatcher) => {
    await fetch(`${server.url}/v1/version`, { headers: server.headers, dispatcher: connection });
    return connection;
  };
  try {
    const first = await opened(connections[0]!);
    const runs = [];
    for (let run = 0; run <= TENTH; run++) {
      await clientWarmer.warm();
      runs.push(await timedMatrix(server, body, 'json', first));
    }
    const second = await opened(connections[1]!);
    await clientWarmer.warm();
    return { runs, onNewConnection: await timedMatrix(server, body, 'json', second) };
  } finally {
    await Promise.all(connections.map((connection) => connection.close()));
    await server.close();
  }
}

/** REPEATS requests per encoding on a server past its first (each encoding's first is left out). */
async function steadyRequests(args: string[], body: string): Promise<Record<Encoding, TimedMatrix[]>> {
  const server = await startServerProcess(args);
  const connection = newConnection();
  try {
    const runs = { json: [], msgpack: [], msgpackTypedRows: [] } as Record<Encoding, TimedMatrix[]>;
    for (const encoding of Object.keys(runs) as Encoding[]) {
      for (let run = 0; run <= REPEATS; run++) runs[encoding].push(await timedMatrix(server, body, encoding, connection));
      runs[encoding].shift();
    }
    return runs;
  } finally {
    await connection.close();
    await server.close();
  }
}

function round(value: number): number {
  return Number(value.toFixed(2));
}

export async function run(): Promise<void> {
  for (const name of EXTRACTS) {
    const extract = sharedData(`osm/${name}.osm.pbf`);
    if (extract.skip) report('matrix_http.skipped', { map: name, reason: extract.skip });
    else await measure(name, extract.path);
  }
}
