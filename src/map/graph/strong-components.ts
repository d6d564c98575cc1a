export interface StrongComponents {
  /** Component id per node. */
  component: Uint32Array;
  /** Number of nodes in each node's component (what snapping compares against). */
  componentSize: Uint32Array;
  count: number;
}

/**
 * Tarjan's algorithm with an explicit call stack (no recursion, so long chains in big maps cannot overflow
 * the JS stack).
 */
export function strongComponents(nodeCount: number, tail: Uint32Array, head: Uint32Array): StrongComponents {
  const start = new Uint32Array(nodeCount + 1);
  for (let a = 0; a < tail.length; a++) start[tail[a]! + 1]!++;
  for (let v = 0; v < nodeCount; v++) start[v + 1]! += start[v]!;
  const fill = start.slice(0, nodeCount);
  const adj = new Uint32Array(tail.length);
  for (let a = 0; a < tail.length; a++) adj[fill[tail[a]!]!++] = head[a]!;

  const UNVISITED = 0xffffffff;
  const index = new Uint32Array(nodeCount).fill(UNVISITED);
  const low = new Uint32Array(nodeCount);
  const onStack = new Uint8Array(nodeCount);
  const component = new Uint32Array(nodeCount);
  const stack = new Uint32Array(nodeCount);
  const callNode = new Uint32Array(nodeCount);
  const callEdge = new Uint32Array(nodeCount);
  const sizes: number[] = [];
  let counter = 0, sp = 0;

  for (let root = 0; root < nodeCount; root++) {
    if (index[root] !== UNVISITED) continue;
    let depth = 0;
    callNode[0] = root;
    callEdge[0] = start[root]!;
    index[root] = low[root] = counter++;
    stack[sp++] = root;
    onStack[root] = 1;
    while (depth >= 0) {
      const v = callNode[depth]!;
      const e = callEdge[depth]!;
      if (e < start[v + 1]!) {
        callEdge[depth] = e + 1;
        const w = adj[e]!;
        if (index[w] === UNVISITED) {
          index[w] = low[w] = counter++;
          stack[sp++] = w;
          onStack[w] = 1;
          depth++;
          callNode[depth] = w;
          callEdge[depth] = start[w]!;
        } else if (onStack[w] && index[w]! < low[v]!) low[v] = index[w]!;
        continue;
      }
      if (low[v] === index[v]) {
        const id = sizes.length;
        let size = 0, w: number;
        do {
          w = stack[--sp]!;
          onStack[w] = 0;
          component[w] = id;
          size++;
        } while (w !== v);
        sizes.push(size);
      }
      depth--;
      if (depth >= 0) {
        const parent = callNode[depth]!;
        if (low[v]! < low[parent]!) low[parent] = low[v]!;
      }
    }
  }
  const componentSize = Uint32Array.from(component, (c) => sizes[c]!);
  return { component, componentSize, count: sizes.length };
}
