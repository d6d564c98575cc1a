import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import t from 'tap';
import { repoRoot } from '../helpers/shared-data.js';

/**
 * Comments and docs must point at files a new engineer has: `docs/`, not documents outside the repository nor
 * issue numbers. The patterns are assembled from pieces so that this file does not cite what it forbids.
 * Paths under the shared data folder are data, not citations, and stay allowed.
 */
const forbidden: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  { name: 'a section of the extensions document', pattern: new RegExp(['extensions', '§'].join(' ')) },
  { name: 'the interface document', pattern: new RegExp(['interface', 'md'].join('\\.')) },
  { name: 'the stack notes', pattern: new RegExp(['STACK', 'md'].join('\\.')) },
  { name: 'the design document', pattern: new RegExp(['DESIGN', 'md'].join('\\.')) },
  { name: 'the shared specification folder', pattern: new RegExp(['\\.\\.', 'shared', 'spec'].join('/')) },
  { name: 'an issue number', pattern: new RegExp(['\\bissue', '\\d+'].join(' '), 'i') },
];

const scannedRoots = ['src', 'assembly', 'test', 'bench', 'docs', 'README.md'];
const textExtensions = /\.(ts|js|mjs|cjs|md|json|yaml|yml|txt)$/;

function* textFilesUnder(path: string): Generator<string> {
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path).sort()) yield* textFilesUnder(join(path, entry));
  } else if (textExtensions.test(path)) {
    yield path;
  }
}

function citationsIn(file: string): string[] {
  const found: string[] = [];
  readFileSync(file, 'utf8').split('\n').forEach((line, index) => {
    for (const { name, pattern } of forbidden) {
      if (pattern.test(line)) found.push(`${relative(repoRoot, file)}:${index + 1} cites ${name}: ${line.trim()}`);
    }
  });
  return found;
}

t.test('no source, test, benchmark or doc cites a file outside the repository or an issue number', async (t) => {
  const files = scannedRoots.flatMap((root) => [...textFilesUnder(join(repoRoot, root))]);
  t.ok(files.length > 100, `the scan found the repository's files (${files.length})`);
  t.same(files.flatMap(citationsIn), []);
});

t.test('each forbidden pattern recognises the citation it stands for', async (t) => {
  const samples = [
    ['extensions', '§2'].join(' '),
    ['interface', 'md 4.2'].join('.'),
    ['STACK', 'md pitfall 19'].join('.'),
    ['DESIGN', 'md'].join('.'),
    ['..', 'shared', 'spec', 'x.md'].join('/'),
    ['(Issue', '5)'].join(' '),
  ];
  samples.forEach((sample, index) => t.ok(forbidden[index]!.pattern.test(sample), sample));
  const cited = (text: string) => forbidden.some(({ pattern }) => pattern.test(text));
  t.notOk(cited('../shared/data/monaco.osm.pbf'), 'shared data paths are allowed');
  t.notOk(cited('docs/api.md, Tasks'), 'docs/ references are allowed');
});
