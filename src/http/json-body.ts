/**
 * JSON request bodies. Unparsable JSON is a 400 validation_failed_error whose single error says where the
 * parser stopped (extensions §13); a body over the size limit, or nested deeper than `maxBodyDepth`, is
 * `too_many_items_error`.
 */
import type { FastifyInstance } from 'fastify';
import { validationFailed, type AppError } from '../errors.js';
import { maxBodyDepth, tooDeepPath } from './json-depth.js';
import { jsonErrorOffset } from './json-error-offset.js';

export function invalidJson(text: string, error: Error): AppError {
  const found = jsonErrorOffset(text);
  const offset = found < 0 ? text.length : found;
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const position = offset - (before.lastIndexOf('\n') + 1) + 1;
  return validationFailed([
    { property: 'request', code: 'invalid_json_error', message: `The body is not valid JSON: ${error.message}`, line, position },
  ]);
}

export function bodyTooLarge(limitBytes: number): AppError {
  return validationFailed([
    {
      property: 'request',
      code: 'too_many_items_error',
      message: `The body is larger than the limit of ${limitBytes} bytes`,
      parameters: { limit_bytes: limitBytes },
    },
  ]);
}

export function bodyTooDeep(property: string): AppError {
  return validationFailed([
    {
      property,
      code: 'too_many_items_error',
      message: `The body nests deeper than ${maxBodyDepth} levels here`,
      parameters: { max_depth: maxBodyDepth },
    },
  ]);
}

/** Replaces Fastify's parsers: only JSON (any charset) is accepted; other media types get 415. */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      done(invalidJson(text, error as Error), undefined);
      return;
    }
    const tooDeep = tooDeepPath(parsed);
    if (tooDeep === undefined) done(null, parsed);
    else done(bodyTooDeep(tooDeep), undefined);
  });
}
