import { ArcFlag } from '../arc-flags.js';
import type { ArcTable } from './arc-table.js';
import { GrowableArray } from './growable-array.js';
import { outArcsByTail } from './out-arcs.js';
import type { PrimaryArcs } from './primary-arcs.js';
import type { ArcRestriction } from './resolve-restrictions.js';
import { WEEK_HOURS } from '../profiles/restriction-condition.js';

/**
 * One state "just drove this prefix of a restricted path": a copy of the node the prefix ends at, whose
 * out-arcs are the allowed ones. Prefixes shared by several restrictions share the state (a trie).
 */
interface PrefixState {
  node: number;
  lastArc: number;
  children: Map<number, number>;
  rules: { kind: 'no' | 'only'; targets: Set<number>; hours: Uint8Array | null }[];
}

export interface SplitGraph {
  nodeCount: number;
  /** For every node: the node it copies (itself for original nodes). */
  nodeOrigin: Uint32Array;
  arcs: ArcTable;
  /** Copy nodes whose only way on is back along the edge arrived on (`only_u_turn`). */
  uTurnNodes: number[];
  /** Per arc, 1 + the index of the hours a conditional restriction closes it in; 0 for none. */
  arcCondition: Uint16Array;
  /** WEEK_HOURS bytes per condition: 1 in the hours of the week the arc is closed. */
  conditionHours: Uint8Array;
}

/** Whether a state allows nothing but turning back along the edge of its last arc, at all times (`only_u_turn`). */
function onlyUTurn(s: PrefixState, edge: Uint32Array): boolean {
  return s.rules.some((r) => r.kind === 'only' && r.hours === null && r.targets.size > 0
    && [...r.targets].every((b) => edge[b] === edge[s.lastArc]));
}

/** The hours in which a state forbids the out-arc b: 'always', some (1 per hour of the week), or null for none. */
function bannedHours(s: PrefixState, b: number): 'always' | Uint8Array | null {
  let hours: Uint8Array | null = null;
  for (const r of s.rules) {
    if ((r.kind === 'no') !== r.targets.has(b)) continue;
    if (r.hours === null) return 'always';
    hours = hours ? hours.map((v, h) => v | r.hours![h]!) : r.hours.slice();
  }
  return hours;
}

/** Distinct hour masks of conditional restrictions, numbered from 1 as arcs refer to them. */
class ConditionTable {
  private readonly ids = new Map<string, number>();
  private readonly masks: Uint8Array[] = [];

  idOf(hours: Uint8Array): number {
    const key = hours.join('');
    let id = this.ids.get(key);
    if (id === undefined) this.ids.set(key, (id = this.masks.push(hours)));
    return id;
  }

  hours(): Uint8Array {
    const all = new Uint8Array(this.masks.length * WEEK_HOURS);
    this.masks.forEach((mask, k) => all.set(mask, k * WEEK_HOURS));
    return all;
  }
}

function buildTrie(nodeCount: number, restrictions: readonly ArcRestriction[]): { states: PrefixState[]; roots: Map<number, number> } {
  const states: PrefixState[] = [];
  const roots = new Map<number, number>();
  const state = (lastArc: number): number => {
    states.push({ node: nodeCount + states.length, lastArc, children: new Map(), rules: [] });
    return states.length - 1;
  };
  for (const r of restrictions) {
    let id = roots.get(r.path[0]!) ?? state(r.path[0]!);
    roots.set(r.path[0]!, id);
    for (let k = 1; k < r.path.length; k++) {
      const parent = states[id]!;
      const next = parent.children.get(r.path[k]!) ?? state(r.path[k]!);
      parent.children.set(r.path[k]!, next);
      id = next;
    }
    states[id]!.rules.push({ kind: r.kind, targets: new Set(r.targets), hours: r.hours });
  }
  return { states, roots };
}

/**
 * Applies turn restrictions by node splitting, so the result is a plain directed graph (no turn table).
 * Arcs [0, primary count) keep their ids, with heads redirected into restriction states where a restricted
 * path begins; copies of allowed out-arcs follow, each marked RestrictionCopy with `origin` = primary arc.
 * An out-arc a conditional restriction forbids only in some hours is copied with those hours
 * (`arcCondition`): a metric of an hour closes it then (metric.ts).
 * Overlapping restrictions are followed along one path at a time (a state's non-child arcs restart at roots).
 */
export function splitRestrictedNodes(nodeCount: number, arcs: PrimaryArcs, restrictions: readonly ArcRestriction[]): SplitGraph {
  const { states, roots } = buildTrie(nodeCount, restrictions);
  const out = outArcsByTail(nodeCount, arcs.tail, arcs.count);
  const next = (arc: number, from?: PrefixState): number => {
    const id = from?.children.get(arc) ?? roots.get(arc);
    return id === undefined ? arcs.head[arc]! : states[id]!.node;
  };
  const copies = {
    tail: new GrowableArray(Uint32Array), head: new GrowableArray(Uint32Array), origin: new GrowableArray(Uint32Array),
    condition: new GrowableArray(Uint16Array),
  };
  const conditions = new ConditionTable();
  for (const s of states) {
    const at = arcs.head[s.lastArc]!;
    for (let k = out.start[at]!; k < out.start[at + 1]!; k++) {
      const b = out.list[k]!, banned = bannedHours(s, b);
      if (banned === 'always') continue;
      copies.tail.push(s.node);
      copies.head.push(next(b, s));
      copies.origin.push(b);
      copies.condition.push(banned ? conditions.idOf(banned) : 0);
    }
  }
  const total = arcs.count + copies.tail.length;
  const table: ArcTable = {
    count: total, tail: new Uint32Array(total), head: new Uint32Array(total), edge: new Uint32Array(total),
    flags: new Uint16Array(total), speedKmh: new Float32Array(total), fixedMs: new Uint32Array(total), origin: new Uint32Array(total),
  };
  for (let a = 0; a < total; a++) {
    const primary = a < arcs.count;
    const o = primary ? a : copies.origin.get(a - arcs.count);
    table.tail[a] = primary ? arcs.tail[a]! : copies.tail.get(a - arcs.count);
    table.head[a] = primary ? next(a) : copies.head.get(a - arcs.count);
    table.edge[a] = arcs.edge[o]!;
    table.flags[a] = arcs.flags[o]! | (primary ? 0 : ArcFlag.RestrictionCopy);
    table.speedKmh[a] = arcs.speedKmh[o]!;
    table.fixedMs[a] = arcs.fixedMs[o]!;
    table.origin[a] = o;
  }
  const nodeOrigin = new Uint32Array(nodeCount + states.length);
  for (let v = 0; v < nodeCount; v++) nodeOrigin[v] = v;
  for (const s of states) nodeOrigin[s.node] = arcs.head[s.lastArc]!;
  const uTurnNodes = states.filter((s) => onlyUTurn(s, arcs.edge)).map((s) => s.node);
  const arcCondition = new Uint16Array(total);
  arcCondition.set(copies.condition.toArray(), arcs.count);
  return { nodeCount: nodeCount + states.length, nodeOrigin, arcs: table, uTurnNodes, arcCondition, conditionHours: conditions.hours() };
}
