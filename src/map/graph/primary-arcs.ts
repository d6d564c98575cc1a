import { ArcFlag } from '../arc-flags.js';
import type { WayRule } from '../profiles/index.js';
import type { ArcTable } from './arc-table.js';
import type { EdgeSet } from './edge-set.js';

export interface PrimaryArcs extends ArcTable {
  /** Arc driving edge e along its geometry / against it, or -1 when that direction is closed. */
  edgeForwardArc: Int32Array;
  edgeBackwardArc: Int32Array;
}

/** Share of a way's tagged duration (ferries) that falls on each of its edges, by length. */
function fixedEdgeMs(edges: EdgeSet, rules: readonly WayRule[]): Float64Array {
  const ms = new Float64Array(edges.edgeCount);
  for (let w = 0; w < rules.length; w++) {
    const seconds = rules[w]!.durationSeconds;
    if (seconds <= 0) continue;
    const from = edges.wayEdgeStart[w]!, to = edges.wayEdgeStart[w + 1]!;
    let total = 0;
    for (let e = from; e < to; e++) total += edges.edgeLengthCm[e]!;
    for (let e = from; e < to; e++) ms[e] = total > 0 ? (seconds * 1000 * edges.edgeLengthCm[e]!) / total : seconds * 1000 / (to - from);
  }
  return ms;
}

/** One arc per open direction of every edge, forward before backward, in edge order. */
export function buildPrimaryArcs(edges: EdgeSet, rules: readonly WayRule[], urban: Uint8Array, signalSeconds: number): PrimaryArcs {
  const max = edges.edgeCount * 2;
  const t: ArcTable = {
    count: 0, tail: new Uint32Array(max), head: new Uint32Array(max), edge: new Uint32Array(max),
    flags: new Uint16Array(max), speedKmh: new Float32Array(max), fixedMs: new Uint32Array(max), origin: new Uint32Array(max),
  };
  const edgeForwardArc = new Int32Array(edges.edgeCount).fill(-1);
  const edgeBackwardArc = new Int32Array(edges.edgeCount).fill(-1);
  const fixed = fixedEdgeMs(edges, rules);
  const push = (e: number, tail: number, head: number, rule: WayRule, dir: 0 | 1, signals: number): number => {
    const a = t.count++;
    t.tail[a] = tail;
    t.head[a] = head;
    t.edge[a] = e;
    const isUrban = urban[edges.edgeWay[e]!] === 1;
    t.flags[a] = rule.flags | (dir === 1 ? ArcFlag.Reversed : 0) | (isUrban ? ArcFlag.Urban : 0);
    t.speedKmh[a] = rule.durationSeconds > 0 ? 0 : (isUrban ? rule.urbanKmh : rule.ruralKmh)[dir];
    t.fixedMs[a] = Math.round(fixed[e]! + signals * signalSeconds * 1000);
    t.origin[a] = a;
    return a;
  };
  for (let e = 0; e < edges.edgeCount; e++) {
    const rule = rules[edges.edgeWay[e]!]!;
    const tail = edges.edgeTail[e]!, head = edges.edgeHead[e]!;
    if (rule.forward) edgeForwardArc[e] = push(e, tail, head, rule, 0, edges.edgeSignalsForward[e]!);
    if (rule.backward) edgeBackwardArc[e] = push(e, head, tail, rule, 1, edges.edgeSignalsBackward[e]!);
  }
  return {
    count: t.count, tail: t.tail.slice(0, t.count), head: t.head.slice(0, t.count), edge: t.edge.slice(0, t.count),
    flags: t.flags.slice(0, t.count), speedKmh: t.speedKmh.slice(0, t.count), fixedMs: t.fixedMs.slice(0, t.count),
    origin: t.origin.slice(0, t.count), edgeForwardArc, edgeBackwardArc,
  };
}
