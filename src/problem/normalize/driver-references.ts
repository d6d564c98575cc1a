/** `required_driver` and `forbidden_drivers` name drivers, declared at top level or inline on a route. */
import type { Driver } from '../model.js';
import type { Fields } from './fields.js';
import type { IdRegistry } from './registry.js';

export function checkDriverReferences(jobs: Fields[], drivers: IdRegistry<Driver>): void {
  for (const job of jobs) {
    const required = job.has('required_driver') ? job.text('required_driver') : undefined;
    if (required !== undefined) drivers.resolve(job.pathOf('required_driver'), required);
    job.texts('forbidden_drivers').forEach((id, index) => drivers.resolve(`${job.pathOf('forbidden_drivers')}[${index}]`, id));
  }
}
