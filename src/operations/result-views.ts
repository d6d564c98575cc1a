/**
 * A result as it crosses threads and waits in the task store: the UTF-8 bytes of its JSON, one per view a
 * fetching request may choose (`aggregate=1` picks a plan's aggregates). Serialized once in the worker and handed
 * to the HTTP thread without a copy (src/pool/worker.ts), a view is sent as it is: the HTTP thread neither
 * stringifies nor encodes it, and bytes are what a shared task store (Redis) keeps anyway.
 */
import type { Operation, Query } from './operation.js';

export type ResultViews = Readonly<Record<string, Uint8Array>>;

/** The view of operations whose whole result is their answer. */
const wholeResult = 'result';

const utf8 = new TextEncoder();

export function serializeViews(operation: Operation, result: unknown): ResultViews {
  const views = operation.viewOf ? (result as Record<string, unknown>) : { [wholeResult]: result };
  return Object.fromEntries(Object.entries(views).map(([name, view]) => [name, utf8.encode(JSON.stringify(view))]));
}

/** The JSON bytes of the view the query asks for. */
export function chosenView(operation: Operation | undefined, views: ResultViews, query: Query): Uint8Array {
  const name = operation?.viewOf?.(query) ?? wholeResult;
  const view = views[name];
  if (view === undefined) throw new Error(`${operation?.name ?? 'an operation'} has no result view ${name}`);
  return view;
}
