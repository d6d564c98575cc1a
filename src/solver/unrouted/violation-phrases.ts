/** A violation as evaluate writes it, said in words with its numbers (the `detail` of unrouted reasons). */
import type { Violation } from '../../problem/response/violations.js';
import type { ViolationType } from '../../problem/violation-types.js';

type Phrase = (amount: string | number, limit: string | number, metric?: string) => string;

const plural = (count: string | number, word: string) => `${count} ${word}${Number(count) === 1 ? '' : 's'}`;

const phrases: Record<ViolationType, Phrase> = {
  job_missed_time_window: (amount, limit) => `service starts ${amount} at the earliest, after the window ends at ${limit}`,
  job_missed_date_window: (amount) => `the route's date is ${plural(amount, 'day')} from the nearest date the job allows`,
  job_delivered_on_disallowed_day: () => "the route's day of the week is not one the job allows",
  missing_route_attributes: (amount) => `${plural(amount, 'required route attribute')} missing`,
  disallowed_route_attributes: (amount) => `${plural(amount, 'disallowed route attribute')} present`,
  missing_vehicle_attributes: (amount) => `${plural(amount, 'required vehicle attribute')} missing`,
  required_driver_mismatch: () => 'not the required driver',
  forbidden_driver: () => 'a forbidden driver',
  missing_pre_job_depot_attributes: () => 'no depot before the job has the attributes it needs',
  missing_post_job_depot_attributes: () => 'no depot after the job has the attributes it needs',
  no_safe_route: () => 'a leg only on roads the vehicle may not use',
  exceeded_max_working_time: (amount, limit) => `working time ${amount} over max_working_time ${limit}`,
  exceeded_max_driving_time: (amount, limit) => `driving time ${amount} over max_driving_time ${limit}`,
  exceeded_end_time: (amount, limit) => `ends ${amount}, after end_time ${limit}`,
  exceeded_load_capacity: (amount, limit, metric) => `load ${amount} over capacity ${limit} (metric ${metric})`,
  exceeded_max_jobs_on_route: (amount, limit) => `${plural(amount, 'job')} where max_jobs_on_route is ${limit}`,
  break_not_taken: (amount) => `${plural(amount, 'break')} not taken`,
  overtime: (amount, limit) => `working time ${amount} over normal_working_time ${limit}`,
};

export function violationPhrase(violation: Violation): string {
  return phrases[violation.type](violation.data.amount, violation.data.limit, violation.data.metric);
}
