/**
 * Solomon's VRPTW format, also used by the Gehring–Homberger instances: a name line, `VEHICLE` with the fleet
 * size and capacity, then `CUSTOMER` rows `number x y demand ready due service`, the depot first (number 0).
 */
import { InstanceFormatError, type BenchmarkCustomer, type BenchmarkInstance } from './benchmark-instance.js';

function numbersOf(line: string): number[] {
  return line.trim().split(/\s+/).filter((token) => token !== '').map(Number);
}

export function parseSolomon(text: string): BenchmarkInstance {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const name = lines.find((line) => line !== '') ?? '';
  const vehicleAt = lines.findIndex((line) => /^VEHICLE$/i.test(line));
  const customerAt = lines.findIndex((line) => /^CUSTOMER$/i.test(line));
  if (vehicleAt < 0 || customerAt < 0) throw new InstanceFormatError('not a Solomon file: VEHICLE or CUSTOMER section missing');
  const fleet = lines.slice(vehicleAt + 1, customerAt).map(numbersOf).find((row) => row.length === 2 && row.every(Number.isFinite));
  if (!fleet) throw new InstanceFormatError('not a Solomon file: no vehicle number and capacity');
  const rows = lines.slice(customerAt + 1).map(numbersOf).filter((row) => row.length === 7 && row.every(Number.isFinite));
  const customers: BenchmarkCustomer[] = rows.map(([number, x, y, demand, ready, due, service]) => ({
    number: number!, x: x!, y: y!, demand: demand!, ready: ready!, due: due!, service: service!,
  }));
  const depot = customers.shift();
  if (!depot || customers.length === 0) throw new InstanceFormatError('not a Solomon file: no customers');
  return { name, depot, customers, vehicles: fleet[0]!, capacity: fleet[1]!, distance: 'euclidean' };
}
