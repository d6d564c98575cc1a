/**
 * A benchmark instance as the files describe it (Solomon, Gehring–Homberger, CVRPLIB): one depot, customers
 * with coordinates, demand, window and service time, a fleet of identical vehicles. Turned into a problem
 * with its own metric by instance-problem.ts.
 */
export interface BenchmarkCustomer {
  /** The customer's number in the file. */
  number: number;
  x: number;
  y: number;
  demand: number;
  /** Earliest and latest start of service; undefined for CVRP (no windows). */
  ready: number | undefined;
  due: number | undefined;
  service: number;
}

export interface BenchmarkInstance {
  name: string;
  depot: BenchmarkCustomer;
  customers: BenchmarkCustomer[];
  vehicles: number;
  capacity: number;
  /** How the file's convention measures a leg: unrounded Euclidean, or rounded to the nearest integer. */
  distance: 'euclidean' | 'rounded-euclidean';
}

export class InstanceFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InstanceFormatError';
  }
}
