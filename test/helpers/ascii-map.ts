// OSRM-Cucumber-style scenarios: nodes drawn as letters (and digits) on a grid, ways and restrictions
// added by node strings, the whole written as OSM XML and run through the real import. Routes are
// described by the named nodes they pass ("abc") and the way names they use ("abc,cd").
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLOSED_ARC, type ArcGraph } from '../../src/kernels/arc-graph.js';
import { referenceRoute } from './reference-dijkstra.js';
import { E7, haversineMeters } from '../../src/map/geo.js';
import { arcPoints } from '../../src/map/graph/arc-geometry.js';
import { importMap } from '../../src/map/import-map.js';
import { PROFILES, type ProfileName } from '../../src/map/profiles/index.js';
import type { RoadMap } from '../../src/map/road-map.js';
import { seedsOf } from '../../src/map/snap/seeds.js';
import type { SnapCandidate } from '../../src/map/snap/snap-candidate.js';
import { turnSeedsOf } from '../../src/map/snap/turn-seeds.js';
import { buildTurnGraph, turnMetric, type TurnGraph } from '../../src/map/graph/turn-graph.js';
import { roadArcsOfTurns, turnTimeMs } from '../../src/map/graph/turn-path.js';
import type { DrivingSide } from '../../src/map/graph/turn-model.js';
import { temporaryDirectory } from './temporary-directory.js';

const ORIGIN = { lat: 1, lon: 1 };
const METERS_PER_DEGREE = 111_319.49;

type Tags = Record<string, string>;
interface Member { type: 'node' | 'way'; key: string; role: string }

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function tagXml(tags: Tags): string {
  return Object.entries(tags).map(([k, v]) => `<tag k="${escapeXml(k)}" v="${escapeXml(v)}"/>`).join('');
}

export interface AsciiRoute {
  /** Named nodes passed, in order, e.g. "abcd". */
  nodes: string;
  /** Way names in order, consecutive repeats merged, e.g. "ab,bc". */
  ways: string;
  seconds: number;
  meters: number;
}

/** A map under construction: letters are nodes, 1 character = `gridMeters` across and down. */
export class AsciiMap {
  private readonly points = new Map<string, { lat: number; lon: number; id: number }>();
  private readonly nodeTags = new Map<string, Tags>();
  private readonly ways: { key: string; id: number; tags: Tags }[] = [];
  private readonly relations: { tags: Tags; members: Member[] }[] = [];

  constructor(drawing: string, gridMeters = 100) {
    const rows = drawing.split('\n');
    const kx = METERS_PER_DEGREE * Math.cos((ORIGIN.lat * Math.PI) / 180);
    rows.forEach((row, y) => [...row].forEach((ch, x) => {
      if (!/[a-z0-9]/.test(ch)) return;
      if (this.points.has(ch)) throw new Error(`node ${ch} drawn twice`);
      const lat = Number((ORIGIN.lat - (y * gridMeters) / METERS_PER_DEGREE).toFixed(7));
      const lon = Number((ORIGIN.lon + (x * gridMeters) / kx).toFixed(7));
      this.points.set(ch, { lat, lon, id: this.points.size + 1 });
    }));
  }

  /** A way through the drawn nodes in `nodes` order; its name defaults to that string. */
  way(nodes: string, tags: Tags): this {
    for (const ch of nodes) this.point(ch);
    this.ways.push({ key: nodes, id: this.ways.length + 1, tags: { name: nodes, ...tags } });
    return this;
  }

  node(name: string, tags: Tags): this {
    this.point(name);
    this.nodeTags.set(name, tags);
    return this;
  }

  /** `kind` is the `restriction` value or the relation's tags; `via` is a drawn node (one letter) or a way. */
  restriction(kind: string | Tags, from: string, via: string, to: string, tags: Tags = {}): this {
    this.relations.push({
      tags: { type: 'restriction', ...(typeof kind === 'string' ? { restriction: kind } : kind), ...tags },
      members: [
        { type: 'way', key: from, role: 'from' },
        { type: via.length === 1 ? 'node' : 'way', key: via, role: 'via' },
        { type: 'way', key: to, role: 'to' },
      ],
    });
    return this;
  }

  /** Where a drawn node is, [lat, lon]. */
  location(name: string): [number, number] {
    const p = this.point(name);
    return [p.lat, p.lon];
  }

  toXml(): string {
    const nodes = [...this.points].map(([name, p]) => `<node id="${p.id}" lat="${p.lat}" lon="${p.lon}">${tagXml(this.nodeTags.get(name) ?? {})}</node>`);
    const ways = this.ways.map((w) => `<way id="${w.id}">${[...w.key].map((ch) => `<nd ref="${this.point(ch).id}"/>`).join('')}${tagXml(w.tags)}</way>`);
    const relations = this.relations.map((r, i) => `<relation id="${i + 1}">${r.members.map((m) =>
      `<member type="${m.type}" ref="${m.type === 'node' ? this.point(m.key).id : this.wayId(m.key)}" role="${m.role}"/>`).join('')}${tagXml(r.tags)}</relation>`);
    return `<?xml version="1.0" encoding="UTF-8"?>\n<osm version="0.6">\n${[...nodes, ...ways, ...relations].join('\n')}\n</osm>\n`;
  }

  /** Writes the map to a temporary .osm file and imports it for `profile`. */
  async load(profile: ProfileName = 'auto'): Promise<AsciiRoutes> {
    const dir = temporaryDirectory('ascii-map-');
    const path = join(dir, 'scenario.osm');
    writeFileSync(path, this.toXml());
    return new AsciiRoutes(await importMap(path, { dataDir: dir, profile }), this.points);
  }

  private point(name: string): { lat: number; lon: number; id: number } {
    const p = this.points.get(name);
    if (!p) throw new Error(`node ${name} is not drawn`);
    return p;
  }

  private wayId(key: string): number {
    const way = this.ways.find((w) => w.key === key);
    if (!way) throw new Error(`no way ${key}`);
    return way.id;
  }
}

interface Leg { arc: number; from: number; to: number }
interface Found { weight: number; legs: Leg[]; turnMs: number }

/**
 * Routes between drawn nodes with the reference Dijkstra over the imported graph: `route` on the node-based
 * graph, `turnRoute` on the edge-based one (turn costs, U-turn rules).
 */
export class AsciiRoutes {
  private readonly nameAt = new Map<string, string>();
  private readonly turnGraphs = new Map<DrivingSide, TurnGraph>();

  constructor(readonly map: RoadMap, private readonly points: Map<string, { lat: number; lon: number }>) {
    for (const [name, p] of points) this.nameAt.set(`${Math.round(p.lat * E7)},${Math.round(p.lon * E7)}`, name);
  }

  /** Shortest route from one drawn node to another under `weights` (default: the graph's own), or null. */
  route(from: string, to: string, weights: Uint32Array = this.map.graph.weight): AsciiRoute | null {
    const { graph, arcCopies } = this.map;
    const ends = this.snapEnds(from, to, weights);
    if (!ends) return null;
    const [a, b] = ends;
    const s = seedsOf(graph, arcCopies, a, weights), t = seedsOf(graph, arcCopies, b, weights);
    const arcGraph: ArcGraph = { nodeCount: graph.nodeCount, tail: graph.tail, head: graph.head, weight: weights, distance: graph.distance };
    const found = referenceRoute(arcGraph, s.sources, t.targets);
    const best = found && this.found(found.weight, [s.sourceArcs[found.sourceSeed]!, ...found.arcs, t.targetArcs[found.targetSeed]!], 0, a, b);
    return this.describe(this.sameEdge(a, b, weights, best));
  }

  /** As `route`, on the edge-based graph of the map's profile, where traffic keeps to `side`. */
  turnRoute(from: string, to: string, side: DrivingSide = 'right', weights: Uint32Array = this.map.graph.weight): AsciiRoute | null {
    const { graph, arcCopies } = this.map;
    const ends = this.snapEnds(from, to, weights);
    if (!ends) return null;
    const [a, b] = ends;
    const turns = this.turnGraph(side);
    const turnWeights = weights === graph.weight ? turns.weight : turnMetric(turns, weights);
    const s = turnSeedsOf(graph, turns, arcCopies, a, weights), t = turnSeedsOf(graph, turns, arcCopies, b, weights);
    const found = referenceRoute({ ...turns, weight: turnWeights }, s.sources, t.targets);
    const best = found && this.found(found.weight, [
      s.sourceArcs[found.sourceSeed]!, ...s.sourceThrough[found.sourceSeed]!,
      ...roadArcsOfTurns(turns, s.sources[found.sourceSeed]!.node, found.arcs).slice(0, -1),
      ...t.targetThrough[found.targetSeed]!, t.targetArcs[found.targetSeed]!,
    ], s.sourceTurnMs[found.sourceSeed]! + turnTimeMs(turns, found.arcs) + t.targetTurnMs[found.targetSeed]!, a, b);
    return this.describe(this.sameEdge(a, b, weights, best));
  }

  private turnGraph(side: DrivingSide): TurnGraph {
    let turns = this.turnGraphs.get(side);
    if (!turns) this.turnGraphs.set(side, (turns = buildTurnGraph(this.map.graph, { turns: PROFILES[this.map.graph.profile].turns, drivingSide: side })));
    return turns;
  }

  /** Like the router: arcs the metric closes are no place to start or end. */
  private snapEnds(from: string, to: string, weights: Uint32Array): [SnapCandidate, SnapCandidate] | null {
    const open = { filter: (arc: number) => weights[arc] !== CLOSED_ARC };
    const a = this.map.snapIndex.snap(this.points.get(from)!.lat, this.points.get(from)!.lon, open);
    const b = this.map.snapIndex.snap(this.points.get(to)!.lat, this.points.get(to)!.lon, open);
    return a && b ? [a, b] : null;
  }

  /** A found route over `arcs`, the first driven from stop a, the last up to stop b. */
  private found(weight: number, arcs: number[], turnMs: number, a: SnapCandidate, b: SnapCandidate): Found {
    const first = arcs[0]!, last = arcs[arcs.length - 1]!;
    const middle = arcs.slice(1, -1).map((arc) => ({ arc, from: 0, to: 1 }));
    return {
      weight, turnMs,
      legs: [{ arc: first, from: this.fractionOn(first, a.arc, a.fraction), to: 1 }, ...middle, { arc: last, from: 0, to: this.fractionOn(last, b.arc, b.fraction) }],
    };
  }

  /** The better of `best` and driving straight from a to b along their common edge, when they share one. */
  private sameEdge(a: SnapCandidate, b: SnapCandidate, weights: Uint32Array, best: Found | null): Found | null {
    for (const arc of [a.arc, a.reverseArc]) {
      if (arc < 0 || a.edge !== b.edge || weights[arc] === CLOSED_ARC) continue;
      const f0 = this.fractionOn(arc, a.arc, a.fraction), f1 = this.fractionOn(arc, b.arc, b.fraction);
      const weight = Math.round((f1 - f0) * weights[arc]!);
      if (f1 >= f0 && (!best || weight <= best.weight)) best = { weight, legs: [{ arc, from: f0, to: f1 }], turnMs: 0 };
    }
    return best;
  }

  /** Position on `arc` of a snap given on `snapArc` (the same edge, maybe the other direction). */
  private fractionOn(arc: number, snapArc: number, fraction: number): number {
    return this.map.graph.arcOrigin[arc] === snapArc ? fraction : 1 - fraction;
  }

  private describe(found: Found | null): AsciiRoute | null {
    if (!found) return null;
    const g = this.map.graph;
    let nodes = '', seconds = found.turnMs / 1000, meters = 0;
    const ways: string[] = [];
    for (const leg of found.legs) {
      const span = leg.to - leg.from;
      seconds += (span * g.durationMs[leg.arc]!) / 1000;
      meters += (span * g.distance[leg.arc]!) / 100;
      const name = g.names[g.edgeNameId[g.arcEdge[leg.arc]!]!]!;
      if (ways[ways.length - 1] !== name && span > 0) ways.push(name);
      const points = arcPoints(g, leg.arc);
      const cumulative = [0];
      for (let k = 1; k < points.length; k++) {
        cumulative.push(cumulative[k - 1]! + haversineMeters(...points[k - 1]!, ...points[k]!));
      }
      const total = cumulative[cumulative.length - 1]! || 1;
      points.forEach(([lat, lon], k) => {
        const f = cumulative[k]! / total;
        const name = this.nameAt.get(`${Math.round(lat * E7)},${Math.round(lon * E7)}`);
        if (name && f >= leg.from - 1e-9 && f <= leg.to + 1e-9 && !nodes.endsWith(name)) nodes += name;
      });
    }
    return { nodes, ways: ways.join(','), seconds, meters };
  }
}
