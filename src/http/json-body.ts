/**
 * JSON request bodies. Only JSON (any charset) is accepted; other media types get 415. A body over the size
 * limit is `too_many_items_error`. Operation routes receive the bytes themselves, decoded and parsed in the worker
 * (src/operations/request-body.ts); the other routes receive the parsed value.
 */
import type { FastifyInstance } from 'fastify';
import { AppError, validationFailed } from '../errors.js';
import { parseRequestBody } from '../operations/request-body.js';

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

/** Replaces Fastify's parsers in `app` and the contexts registered in it. */
export function installJsonBodyParser(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseRequestBody(body as string));
    } catch (error) {
      done(error as AppError, undefined);
    }
  });
}

/** Within `scope` (operation routes), bodies stay the bytes received: the worker decodes and parses them. */
export function installJsonBytesBodyParser(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
}

const noBytes = new Uint8Array(0);

/** The bytes of a body read by `installJsonBytesBodyParser`; a request without a body has none. */
export function bodyBytes(body: unknown): Uint8Array {
  return body instanceof Uint8Array ? body : noBytes;
}
