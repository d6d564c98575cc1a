/**
 * The views of a plan result (`answer` and `aggregates`, docs/api.md, Aggregates) that evaluate, build, optimize,
 * sequence and insert return: the fetching request chooses with `aggregate=1`.
 */
import type { Query } from '../operations/operation.js';

export function planViewOf(query: Query): 'answer' | 'aggregates' {
  return query.aggregate === '1' ? 'aggregates' : 'answer';
}
