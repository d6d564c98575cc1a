import { pack, unpack } from 'msgpackr';
import t from 'tap';
import { matrixJson, matrixMsgpack, type MatrixCells } from '../../src/routing/service/matrix-encoding.js';
import { seededRandom } from '../helpers/random-graph.js';

/** Cells as the kernels produce them: whole milliseconds and centimetres, some unreachable, a few extremes. */
function randomCells(rowCount: number, columnCount: number, seed: number): MatrixCells {
  const random = seededRandom(seed);
  const cell = (unit: number, extremes: number[]) => {
    const draw = random();
    if (draw < 0.05) return -1;
    if (draw < 0.1) return extremes[Math.floor(random() * extremes.length)]!;
    return Math.floor(random() * 10 ** (1 + Math.floor(random() * 9))) / unit;
  };
  const count = rowCount * columnCount;
  return {
    rowCount,
    columnCount,
    durations: Float64Array.from({ length: count }, () => cell(1000, [0, 0.001, 0.01, 0.1, 1, 10.5, 86_400, 4_294_967.295, 2 ** 33 + 0.25])),
    distances: Float64Array.from({ length: count }, () => cell(100, [0, 0.01, 0.1, 1, 100, 127, 128, 42_949_672.95, 2 ** 33 + 0.5])),
  };
}

function rows(values: Float64Array, cells: MatrixCells): (number | null)[][] {
  return Array.from({ length: cells.rowCount }, (_, row) =>
    Array.from(values.subarray(row * cells.columnCount, (row + 1) * cells.columnCount), (value) => (value < 0 ? null : value)));
}

function generic(cells: MatrixCells): object {
  return { durations: rows(cells.durations, cells), distances: rows(cells.distances, cells) };
}

t.test('the JSON written from the cells is byte for byte what JSON.stringify writes of the same matrix', async (t) => {
  for (const [rowCount, columnCount, seed] of [[1, 1, 1], [3, 7, 2], [40, 25, 3], [17, 200, 4], [0, 0, 5]] as const) {
    const cells = randomCells(rowCount, columnCount, seed);
    t.equal(new TextDecoder().decode(matrixJson(cells)), JSON.stringify(generic(cells)), `${rowCount}×${columnCount}`);
  }
});

t.test('the MessagePack written from the cells decodes to what a generic packer writes of the same matrix', async (t) => {
  for (const [rowCount, columnCount, seed] of [[1, 1, 6], [2, 15, 7], [16, 16, 8], [5, 70_000, 9]] as const) {
    const cells = randomCells(rowCount, columnCount, seed);
    t.same(unpack(matrixMsgpack(cells)), unpack(pack(generic(cells))), `${rowCount}×${columnCount}`);
  }
});

t.test('durations are written to the millisecond and distances to the centimetre', async (t) => {
  const cells: MatrixCells = { rowCount: 1, columnCount: 2, durations: Float64Array.of(12.3456789, 0.0004), distances: Float64Array.of(7.125, 99.999) };
  t.equal(new TextDecoder().decode(matrixJson(cells)), '{"durations":[[12.346,0]],"distances":[[7.13,100]]}');
  t.same(unpack(matrixMsgpack(cells)), { durations: [[12.346, 0]], distances: [[7.13, 100]] });
});

t.test('an answer written after a larger one carries none of the larger one\'s bytes', async (t) => {
  const large = matrixJson(randomCells(50, 50, 10));
  const small = randomCells(1, 2, 11);
  t.ok(large.length > 1000);
  t.equal(new TextDecoder().decode(matrixJson(small)), JSON.stringify(generic(small)));
});
