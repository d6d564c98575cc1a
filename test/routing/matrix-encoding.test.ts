import { pack, unpack } from 'msgpackr';
import t from 'tap';
import { UNREACHED } from '../../src/kernels/index.js';
import { matrixJson, matrixMsgpack, type MatrixCells } from '../../src/routing/service/matrix-encoding.js';
import { seededRandom } from '../helpers/random-graph.js';

/** Cells as the kernels produce them: whole milliseconds and centimetres, some unreachable, a few extremes. */
function randomCells(sourceCount: number, destinationCount: number, seed: number, speedPercentage = 100): MatrixCells {
  const random = seededRandom(seed);
  const cell = (extremes: number[]) => {
    const draw = random();
    if (draw < 0.05) return UNREACHED;
    if (draw < 0.1) return extremes[Math.floor(random() * extremes.length)]!;
    return Math.floor(random() * 10 ** (1 + Math.floor(random() * 9)));
  };
  const count = sourceCount * destinationCount;
  return {
    sourceCount,
    destinationCount,
    durationsMs: Uint32Array.from({ length: count }, () => cell([0, 1, 499, 500, 1499, 1500, 10_500, 86_400_000, UNREACHED - 1])),
    distancesCm: Uint32Array.from({ length: count }, () => cell([0, 1, 10, 100, 12_700, 12_800, 25_500, 25_600, 6_553_600, UNREACHED - 1])),
    speedPercentage,
  };
}

/** The answer as nested arrays, durations timed as `/v1/path` times a leg (atVehicleSpeed) and rounded as it writes one. */
function generic(cells: MatrixCells): object {
  const rows = (values: Uint32Array, of: (value: number) => number) =>
    Array.from({ length: cells.sourceCount }, (_, row) =>
      Array.from(values.subarray(row * cells.destinationCount, (row + 1) * cells.destinationCount), (value) => (value === UNREACHED ? null : of(value))));
  return {
    durations: rows(cells.durationsMs, (ms) => Math.round((ms * 100) / cells.speedPercentage / 1000)),
    distances: rows(cells.distancesCm, (cm) => cm / 100),
  };
}

t.test('the JSON written from the cells is byte for byte what JSON.stringify writes of the same matrix', async (t) => {
  for (const [sourceCount, destinationCount, seed, speed] of [[1, 1, 1, 100], [3, 7, 2, 100], [40, 25, 3, 100], [17, 200, 4, 80], [30, 30, 12, 1], [0, 0, 5, 100]] as const) {
    const cells = randomCells(sourceCount, destinationCount, seed, speed);
    t.equal(new TextDecoder().decode(matrixJson(cells)), JSON.stringify(generic(cells)), `${sourceCount}×${destinationCount} at ${speed} %`);
  }
});

t.test('the MessagePack written from the cells decodes to what a generic packer writes of the same matrix', async (t) => {
  for (const [sourceCount, destinationCount, seed, speed] of [[1, 1, 6, 100], [2, 15, 7, 100], [16, 16, 8, 125], [5, 70_000, 9, 100]] as const) {
    const cells = randomCells(sourceCount, destinationCount, seed, speed);
    const written = matrixMsgpack(cells);
    t.same(unpack(written), unpack(pack(generic(cells))), `${sourceCount}×${destinationCount} at ${speed} %`);
    t.ok(written.length <= pack(generic(cells)).length, 'no larger than the generic packing');
  }
});

t.test('MessagePack with typed rows holds the same numbers as the JSON, NaN for null, in one Float64Array per row of any length', async (t) => {
  for (const [sourceCount, destinationCount, seed, speed] of [[1, 1, 13, 100], [3, 33, 14, 100], [20, 9, 15, 80], [2, 9_000, 16, 100], [0, 0, 17, 100]] as const) {
    const cells = randomCells(sourceCount, destinationCount, seed, speed);
    const unpacked = unpack(matrixMsgpack(cells, 'typed')) as Record<string, Float64Array[]>;
    const expected = generic(cells) as Record<string, (number | null)[][]>;
    for (const table of ['durations', 'distances']) {
      t.ok(unpacked[table]!.every((row) => row instanceof Float64Array && row.length === destinationCount), `${table}: typed rows`);
      t.same(unpacked[table]!.map((row) => Array.from(row, (value) => (Number.isNaN(value) ? null : value))), expected[table], `${table}, ${sourceCount}×${destinationCount}`);
    }
  }
});

t.test('durations are written in whole seconds at the vehicle\'s speed, distances to the centimetre', async (t) => {
  const cells = (speedPercentage: number): MatrixCells => ({
    sourceCount: 1, destinationCount: 3, durationsMs: Uint32Array.of(12_345, 499, 1_500), distancesCm: Uint32Array.of(712, 10_000, 5), speedPercentage,
  });
  t.equal(new TextDecoder().decode(matrixJson(cells(100))), '{"durations":[[12,0,2]],"distances":[[7.12,100,0.05]]}');
  t.same(unpack(matrixMsgpack(cells(100))), { durations: [[12, 0, 2]], distances: [[7.12, 100, 0.05]] });
  t.equal(new TextDecoder().decode(matrixJson(cells(50))), '{"durations":[[25,1,3]],"distances":[[7.12,100,0.05]]}');
});

t.test('an answer written after a larger one carries none of the larger one\'s bytes', async (t) => {
  const large = matrixJson(randomCells(50, 50, 10));
  const small = randomCells(1, 2, 11);
  t.ok(large.length > 1000);
  t.equal(new TextDecoder().decode(matrixJson(small)), JSON.stringify(generic(small)));
});
