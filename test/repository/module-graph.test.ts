// The shape of src/ as its imports draw it: no module reaches itself through its imports (type imports
// included: a cycle of types is still two modules that cannot be understood apart), and the planner reaches
// routing only through routing's public interface. Dynamic `import()` is lazy loading by design and not counted.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import t from 'tap';
import { repoRoot } from '../helpers/shared-data.js';

const sourceRoot = join(repoRoot, 'src');

function* sourceFiles(path: string): Generator<string> {
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path).sort()) yield* sourceFiles(join(path, entry));
  } else if (path.endsWith('.ts') && !path.endsWith('.d.ts')) {
    yield path;
  }
}

const staticImport = /^\s*(?:import|export)\s[^;]*?\sfrom\s+'(\.{1,2}\/[^']+)'|^\s*import\s+'(\.{1,2}\/[^']+)'/gm;

/** Each module's relative imports, as paths from the repository root. */
function moduleGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(sourceRoot)) {
    const imports = [...readFileSync(file, 'utf8').matchAll(staticImport)].map((match) =>
      relative(repoRoot, normalize(join(dirname(file), match[1] ?? match[2]!))).replace(/\.js$/, '.ts'));
    graph.set(relative(repoRoot, file), imports);
  }
  return graph;
}

/** Strongly connected components of more than one module (Tarjan), each a cycle to break. */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (module: string) => {
    index.set(module, index.size);
    low.set(module, index.get(module)!);
    stack.push(module);
    onStack.add(module);
    for (const next of graph.get(module) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(module, Math.min(low.get(module)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(module, Math.min(low.get(module)!, index.get(next)!));
      }
    }
    if (low.get(module) !== index.get(module)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== module);
    if (component.length > 1) found.push(component.sort());
  };
  for (const module of graph.keys()) if (!index.has(module)) visit(module);
  return found;
}

const graph = moduleGraph();

t.test('no module of src imports itself through other modules', async (t) => {
  t.ok(graph.size > 100, `the scan found the sources (${graph.size} modules)`);
  t.same(cycles(graph), []);
});

t.test('the planner imports routing only through its public interface', async (t) => {
  const planner = /^src\/(problem|solver)\//;
  const routingInside = /^src\/routing\/(?!index\.ts$)/;
  const reaching = [...graph].flatMap(([module, imports]) =>
    planner.test(module) ? imports.filter((target) => routingInside.test(target)).map((target) => `${module} → ${target}`) : []);
  t.same(reaching, []);
});

t.test('a cycle is found where there is one', async (t) => {
  const drawn = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
  t.same(cycles(drawn), [['a', 'b', 'c']]);
});
