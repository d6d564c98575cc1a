/**
 * CVRPLIB's TSPLIB-style format (`NAME`, `DIMENSION`, `CAPACITY`, `EDGE_WEIGHT_TYPE : EUC_2D`, then
 * `NODE_COORD_SECTION`, `DEMAND_SECTION`, `DEPOT_SECTION`). Distances are Euclidean rounded to the nearest
 * integer per edge. The fleet is not bounded by the file: the minimum in the name (`-k25`) with room to spare.
 */
import { InstanceFormatError, type BenchmarkCustomer, type BenchmarkInstance } from './benchmark-instance.js';

/** Vehicles offered per vehicle of the name's minimum, plus a few: enough never to bind. */
const FLEET_SLACK = 1.3;

function headerValue(lines: string[], key: string): string | undefined {
  const line = lines.find((text) => text.toUpperCase().startsWith(key));
  return line?.slice(line.indexOf(':') + 1).trim();
}

function section(lines: string[], title: string): number[][] {
  const start = lines.findIndex((line) => line.toUpperCase().startsWith(title));
  if (start < 0) throw new InstanceFormatError(`not a CVRPLIB file: ${title} missing`);
  const rows: number[][] = [];
  for (const line of lines.slice(start + 1)) {
    if (!/^-?\d/.test(line)) break;
    rows.push(line.split(/\s+/).map(Number));
  }
  return rows;
}

export function parseCvrplib(text: string): BenchmarkInstance {
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '');
  const name = headerValue(lines, 'NAME') ?? '';
  const capacity = Number(headerValue(lines, 'CAPACITY'));
  const weightType = headerValue(lines, 'EDGE_WEIGHT_TYPE');
  if (!Number.isFinite(capacity)) throw new InstanceFormatError('not a CVRPLIB file: CAPACITY missing');
  if (weightType !== 'EUC_2D') throw new InstanceFormatError(`unsupported EDGE_WEIGHT_TYPE ${weightType ?? '(none)'}`);
  const demands = new Map(section(lines, 'DEMAND_SECTION').map(([node, demand]) => [node!, demand!]));
  const depotNode = section(lines, 'DEPOT_SECTION')[0]?.[0] ?? 1;
  const nodes: BenchmarkCustomer[] = section(lines, 'NODE_COORD_SECTION').map(([node, x, y]) => ({
    number: node!, x: x!, y: y!, demand: demands.get(node!) ?? 0, ready: undefined, due: undefined, service: 0,
  }));
  const depot = nodes.find((node) => node.number === depotNode);
  if (!depot) throw new InstanceFormatError('not a CVRPLIB file: depot not among the nodes');
  const customers = nodes.filter((node) => node !== depot);
  const minimum = Number(/-k(\d+)/.exec(name)?.[1] ?? Math.ceil(customers.reduce((sum, node) => sum + node.demand, 0) / capacity));
  return { name, depot, customers, vehicles: Math.ceil(minimum * FLEET_SLACK) + 2, capacity, distance: 'rounded-euclidean' };
}
