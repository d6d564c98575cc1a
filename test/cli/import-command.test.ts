import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { loadConfig } from '../../src/config.js';
import { runImportCommand } from '../../src/cli/import-command.js';
import { importProgress } from '../../src/cli/import-progress.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';
import { trafficTown } from '../helpers/traffic-town.js';

function scenarioFile(): { file: string; dataDir: string } {
  const dir = temporaryDirectory('import-command-');
  const file = join(dir, 'town.osm');
  writeFileSync(file, trafficTown.toXml());
  return { file, dataDir: join(dir, 'data') };
}

function capture(isTTY: boolean): { lines: string[]; stream: { isTTY: boolean; write(text: string): void }; progress: string[] } {
  const lines: string[] = [], progress: string[] = [];
  return { lines, progress, stream: { isTTY, write: (text) => progress.push(text) } };
}

t.test('an import prints a line per phase when not on a terminal and ends with nodes, arcs, seconds, the time slots\' metrics, peak memory, served memory by part and per road node, restrictions and the geocoder', async (t) => {
  const { file, dataDir } = scenarioFile();
  const { config } = loadConfig(['--data-dir', dataDir], {});
  const out = capture(false);
  t.equal(await runImportCommand([file], config, (line) => out.lines.push(line), out.stream), 0);
  t.same(out.progress.slice(0, 2), ['hash…\n', 'read…\n']);
  t.ok(out.progress.includes('contract…\n'), out.progress.join(''));
  t.match(out.lines.join('\n'), /Imported town\.osm \(auto, truck\)\n {2}nodes +\d+\n {2}arcs +\d+\n {2}seconds +[\d.]+\n {2}metrics +auto 4 time slots, 3 contracted; truck 4 time slots, 3 contracted; [\d.]+ s\n {2}peak RSS +\d+ MiB\n {2}served \(MiB, shared by all workers\)\n {4}auto +[\d.]+: topology [\d.]+, metric [\d.]+, geometry [\d.]+, attributes [\d.]+, names [\d.]+, snapIndex [\d.]+, turnGraph [\d.]+, hierarchy [\d.]+, metricTable [\d.]+\n {4}truck +[\d.]+: .*\n {4}total +[\d.]+, \d+ bytes per road node\n {2}turn restrictions auto \d+ applied, \d+ ignored; truck \d+ applied, \d+ ignored[^\n]*\n {2}geocoder +\d+ addresses, \d+ streets, [\d.]+ MiB$/);
  const again = capture(false);
  await runImportCommand([file], config, (line) => again.lines.push(line), again.stream);
  t.match(again.lines[0], /from the cache/, 'a second import is served by the cache');
  t.match(again.lines.join('\n'), /metrics +auto 4 time slots, 0 contracted; truck 4 time slots, 0 contracted/, 'its metrics too');
  t.match(again.lines.at(-1), /geocoder .* \(from the cache\)$/, 'the geocode index too');
});

t.test('an import without metrics leaves every time slot\'s metric to the server, and a later import contracts them', async (t) => {
  const { file, dataDir } = scenarioFile();
  const { config } = loadConfig(['--data-dir', dataDir], {});
  const out = capture(false);
  t.equal(await runImportCommand([file, '--without-metrics'], config, (line) => out.lines.push(line), out.stream), 0);
  t.match(out.lines.join('\n'), /\n {2}metrics +left to the server, which prepares them in the background once it serves\n/);
  t.notOk(out.progress.some((line) => line.startsWith('metrics')), out.progress.join(''));
  const again = capture(false);
  await runImportCommand([file], config, (line) => again.lines.push(line), again.stream);
  t.match(again.lines.join('\n'), /metrics +auto 4 time slots, 3 contracted; truck 4 time slots, 3 contracted/);
});

t.test('on a terminal the progress is one redrawn bar', async (t) => {
  const { file, dataDir } = scenarioFile();
  const { config } = loadConfig(['--data-dir', dataDir], {});
  const out = capture(true);
  t.equal(await runImportCommand([file], config, (line) => out.lines.push(line), out.stream), 0);
  t.ok(out.progress.every((text) => text.startsWith('\r') || text === '\n'), 'only carriage-return redraws');
  t.match(out.progress.join(''), /\rcontract +\[#{30}\] 100%/);
});

t.test('a missing or extra argument or an unknown flag is a usage error, a missing file too', async (t) => {
  const { config } = loadConfig([], {});
  const lines: string[] = [];
  t.equal(await runImportCommand([], config, (line) => lines.push(line), capture(false).stream), 2);
  t.equal(await runImportCommand(['a.osm', 'b.osm'], config, (line) => lines.push(line), capture(false).stream), 2);
  t.equal(await runImportCommand(['a.osm', '--with-everything'], config, (line) => lines.push(line), capture(false).stream), 2);
  t.equal(await runImportCommand(['/nonexistent/x.osm.pbf'], config, (line) => lines.push(line), capture(false).stream), 2);
  t.same(lines.map((line) => line.split(':')[0]), ['Usage', 'Usage', 'Usage', 'No such file']);
  t.match(lines[0], /^Usage: fleetroute import FILE \[--without-metrics\]/);
});

t.test('a file that is not OSM fails with a message, not a crash', async (t) => {
  const { dataDir } = scenarioFile();
  const bad = join(dataDir, '..', 'bad.osm');
  writeFileSync(bad, 'this is not xml');
  const { config } = loadConfig(['--data-dir', dataDir], {});
  const lines: string[] = [];
  t.equal(await runImportCommand([bad], config, (line) => lines.push(line), capture(false).stream), 1);
  t.match(lines.join('\n'), /Import of .*bad\.osm failed/);
});

/** What the progress writes for updates made at the given times (ms after the start), then its finish. */
function progressWritten(isTTY: boolean, updates: Array<[ms: number, phase: string, fraction: number]>): string[] {
  const written: string[] = [];
  let clock = 0;
  const progress = importProgress({ isTTY, write: (text) => written.push(text) }, () => clock);
  for (const [ms, phase, fraction] of updates) {
    clock = ms;
    progress.update(phase, fraction);
  }
  progress.finish();
  return written;
}

t.test('on a terminal the bar shows the phase\'s rate and the time it has left once a little of it is done', (t) => {
  const written = progressWritten(true, [[0, 'read', 0], [4000, 'read', 0.25], [5000, 'build', 0.5]]);
  t.match(written[0], /^\rread +\[\.{30}\] 0%$/);
  t.match(written[1], /^\rread +\[#{8}\.{22}\] 25% 6\.3 %\/s, 12 s left$/);
  t.match(written[2], /^\rbuild +\[#{15}\.{15}\] 50% *$/, 'a new phase starts its own clock');
  t.equal(written[3], '\n');
  t.end();
});

t.test('the contraction\'s bar shows the time it has taken, not a time left that its share of nodes would get wrong', (t) => {
  const written = progressWritten(true, [[0, 'contract', 0], [65_000, 'contract', 0.5], [65_000, 'contract', 1]]);
  t.match(written[1], /^\rcontract +\[#{15}\.{15}\] 50%, 1 min 5 s so far$/);
  t.match(written[2], /^\rcontract +\[#{30}\] 100% *$/);
  t.end();
});

t.test('the metrics\' bar shows the time they have taken too: a slot with the default weights is done at once, another takes minutes', (t) => {
  const written = progressWritten(true, [[0, 'metrics', 0], [1_000, 'metrics', 0.375], [400_000, 'metrics', 0.5]]);
  t.match(written[1], /^\rmetrics +\[#{11}\.{19}\] 38%, 1\.0 s so far$/);
  t.match(written[2], /^\rmetrics +\[#{15}\.{15}\] 50%, 6 min 40 s so far$/);
  t.end();
});

t.test('off a terminal a long phase writes a line at a new tenth once ten seconds have passed since its last line', (t) => {
  const written = progressWritten(false, [
    [0, 'contract', 0], [5_000, 'contract', 0.3], [12_000, 'contract', 0.35], [12_000, 'contract', 0.45],
    [30_000, 'contract', 0.49], [30_000, 'read', 0.1],
  ]);
  t.same(written, ['contract…\n', 'contract 35%, 12 s so far\n', 'contract 49%, 30 s so far\n', 'read…\n']);
  t.end();
});
