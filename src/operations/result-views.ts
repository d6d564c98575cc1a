/**
 * A result as it crosses threads and waits in the task store: JSON text, one per view a fetching request may
 * choose (`aggregate=1` picks a plan's aggregates). Serialized once in the worker, a view is sent as it is:
 * handing text to another thread costs a copy, not a structured clone of an object graph, the HTTP thread
 * never stringifies it, and text is what a shared task store (Redis) keeps anyway.
 */
import type { Operation, Query } from './operation.js';

export type ResultViews = Readonly<Record<string, string>>;

/** The view of operations whose whole result is their answer. */
const wholeResult = 'result';

export function serializeViews(operation: Operation, result: unknown): ResultViews {
  const views = operation.viewOf ? (result as Record<string, unknown>) : { [wholeResult]: result };
  return Object.fromEntries(Object.entries(views).map(([name, view]) => [name, JSON.stringify(view)]));
}

/** The JSON text of the view the query asks for. */
export function chosenView(operation: Operation | undefined, views: ResultViews, query: Query): string {
  const name = operation?.viewOf?.(query) ?? wholeResult;
  const view = views[name];
  if (view === undefined) throw new Error(`${operation?.name ?? 'an operation'} has no result view ${name}`);
  return view;
}
