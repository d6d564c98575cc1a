/**
 * An operation's request body, from its bytes or JSON text to a value. Operation bodies are decoded and parsed in
 * the worker that validates and runs them (the HTTP thread only forwards the bytes received, which are far
 * cheaper to hand to a thread than the parsed object graph, and cost it no decoding); other routes' bodies are
 * parsed on the HTTP thread by the same function.
 * Unparsable JSON is a 400 validation_failed_error whose single error says where the parser stopped
 * (docs/api.md, Errors and validation codes); a body nested deeper than `maxBodyDepth` is `too_many_items_error`.
 */
import { validationFailed, type AppError } from '../errors.js';
import { maxBodyDepth, tooDeepPath } from './json-depth.js';
import { jsonErrorOffset } from './json-error-offset.js';

function invalidJson(text: string, error: Error): AppError {
  const found = jsonErrorOffset(text);
  const offset = found < 0 ? text.length : found;
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const position = offset - (before.lastIndexOf('\n') + 1) + 1;
  return validationFailed([
    { property: 'request', code: 'invalid_json_error', message: `The body is not valid JSON: ${error.message}`, line, position },
  ]);
}

function bodyTooDeep(property: string): AppError {
  return validationFailed([
    {
      property,
      code: 'too_many_items_error',
      message: `The body nests deeper than ${maxBodyDepth} levels here`,
      parameters: { max_depth: maxBodyDepth },
    },
  ]);
}

/** Some clients (PowerShell, Windows editors) start UTF-8 text with a byte-order mark; JSON.parse refuses it. */
const byteOrderMark = '\uFEFF';

/** The parsed body; undefined for an empty one. Throws the 400 of an unparsable or too deeply nested body. */
export function parseRequestBody(received: string): unknown {
  const text = received.startsWith(byteOrderMark) ? received.slice(1) : received;
  if (text.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw invalidJson(text, error as Error);
  }
  const tooDeep = tooDeepPath(parsed);
  if (tooDeep !== undefined) throw bodyTooDeep(tooDeep);
  return parsed;
}

const utf8 = new TextDecoder();

/** `parseRequestBody` of a body's UTF-8 bytes as received (invalid sequences read as U+FFFD, as in a text body). */
export function parseRequestBytes(received: Uint8Array): unknown {
  return parseRequestBody(utf8.decode(received));
}
