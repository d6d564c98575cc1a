/**
 * Every failure leaves the service as an error_response: AppErrors with their own status, Fastify's framework
 * errors translated to our codes, anything unexpected as a 500 that never shows internals.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, toErrorResponse, validationFailed } from '../errors.js';
import { bodyTooLarge } from './json-body.js';

/** Route patterns by method, so a known path asked with the wrong method is a 405 rather than a 404. */
function collectRoutePatterns(app: FastifyInstance): Array<{ method: string; pattern: RegExp }> {
  const routes: Array<{ method: string; pattern: RegExp }> = [];
  app.addHook('onRoute', (route) => {
    const source = route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+');
    const pattern = new RegExp(`^${source}/?$`);
    for (const method of [route.method].flat()) routes.push({ method, pattern });
  });
  return routes;
}

function translateFrameworkError(error: FastifyError, bodyLimit: number): AppError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return bodyTooLarge(bodyLimit);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('unsupported_media_type_error', 'Send the body as application/json');
  }
  if (error.statusCode === 415) return new AppError('unsupported_media_type_error', 'Send the body as application/json');
  if (error.statusCode === 404) return new AppError('not_found_error', 'No such resource');
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return validationFailed([{ property: 'request', code: 'invalid_type_error', message: error.message }]);
  }
  return undefined;
}

export function sendError(reply: FastifyReply, error: unknown): FastifyReply {
  const body = toErrorResponse(error);
  return reply.code(body.status_code).type('application/json').send(body);
}

/**
 * Errors Fastify's router raises before any route runs (a malformed percent-encoding, a path parameter over
 * its length limit); without this option they leave as Fastify's own JSON instead of an error_response.
 */
export function answerRouterError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0] ?? request.url;
  request.log.info({ code: error.code }, 'unroutable url');
  reply.header('x-request-id', request.id);
  return sendError(reply, new AppError('not_found_error', `No resource at ${path.slice(0, 200)}`));
}

/** `authChallenges`: the WWW-Authenticate of every 401 (auth-challenge.ts); all of them are thrown AppErrors. */
export function installErrorHandling(app: FastifyInstance, bodyLimit: number, authChallenges: string[]): void {
  const routes = collectRoutePatterns(app);
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError && error.status === 401) reply.header('www-authenticate', authChallenges);
    if (error instanceof AppError) return sendError(reply, error);
    const translated = translateFrameworkError(error, bodyLimit);
    if (translated) return sendError(reply, translated);
    request.log.error({ err: error }, 'unexpected failure');
    return sendError(reply, error);
  });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? request.url;
    const allowed = [...new Set(routes.filter((route) => route.pattern.test(path)).map((route) => route.method))];
    if (allowed.length > 0) {
      reply.header('allow', allowed.join(', '));
      return sendError(reply, new AppError('method_not_allowed_error', `${request.method} is not allowed here; use ${allowed.join(' or ')}`));
    }
    return sendError(reply, new AppError('not_found_error', `No resource at ${path}`));
  });
}
