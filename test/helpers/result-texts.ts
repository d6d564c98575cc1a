/** Result views as tests write and read them: JSON texts, stored and compared as the bytes the service keeps. */
import type { ResultViews } from '../../src/operations/result-views.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Views of the given JSON texts, as a worker serializes them. */
export function viewsOf(texts: Record<string, string>): ResultViews {
  return Object.fromEntries(Object.entries(texts).map(([name, text]) => [name, encoder.encode(text)]));
}

/** The text of UTF-8 bytes: a view, or a body as the HTTP thread hands it on. */
export function textOf(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** The JSON text of each view, or undefined for no result. */
export function textsOf(views: ResultViews | undefined): Record<string, string> | undefined {
  return views && Object.fromEntries(Object.entries(views).map(([name, bytes]) => [name, textOf(bytes)]));
}

/** A request body as the HTTP thread hands it on: its UTF-8 bytes. */
export function bodyOf(text: string): Uint8Array {
  return encoder.encode(text);
}
