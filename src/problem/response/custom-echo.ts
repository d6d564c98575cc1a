/** Every answer to a problem starts with the request's `custom`, returned unmodified, when it had one. */
import type { Problem } from '../model.js';

export function withCustom<T extends object>(problem: Problem, fields: T): T & { custom?: unknown } {
  const custom = problem.source.custom;
  return custom === undefined ? fields : { custom, ...fields };
}
