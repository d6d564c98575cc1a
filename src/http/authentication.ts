/**
 * Every request under /v1/ (and /metrics when configured) is authenticated before its body is read; the
 * account is attached to the request for per-account tasks and limits.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import type { Account, Authenticator } from '../auth/authenticator.js';

const sessionCookieName = 'fleetroute_session';

declare module 'fastify' {
  interface FastifyRequest {
    account?: Account;
  }
}

/** The path as the router understood it: the matched route, else the decoded URL (so `/%761/…` is `/v1/…`). */
function routedPath(request: FastifyRequest): string {
  if (request.routeOptions.url !== undefined) return request.routeOptions.url;
  const path = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function needsCredentials(path: string, metricsRequireAuth: boolean): boolean {
  return path.startsWith('/v1/') || path === '/v1' || (metricsRequireAuth && path.startsWith('/metrics'));
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The session id sent by the client: its header wins over the cookie (parsed only when there is no header). */
function sessionIdOf(app: FastifyInstance, request: FastifyRequest): string | undefined {
  const fromHeader = header(request, 'x-service-session-id');
  if (fromHeader !== undefined) return fromHeader;
  const cookie = request.headers.cookie;
  return cookie ? app.parseCookie(cookie)[sessionCookieName] : undefined;
}

export function setSessionCookie(reply: FastifyReply, sessionId: string): void {
  reply.setCookie(sessionCookieName, sessionId, { path: '/', httpOnly: true, sameSite: 'lax' });
}

export function installAuthentication(app: FastifyInstance, authenticator: Authenticator, metricsRequireAuth: boolean): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!needsCredentials(routedPath(request), metricsRequireAuth)) return;
    const authorization = header(request, 'authorization');
    const sessionId = authorization === undefined ? sessionIdOf(app, request) : undefined;
    request.account = await authenticator.authenticate({ authorization, sessionId });
    if (sessionId && request.account.mechanisms.has('session')) setSessionCookie(reply, sessionId);
  });
}

/** The authenticated account of a request on an authenticated route. */
export function accountOf(request: FastifyRequest): Account {
  if (!request.account) throw new Error('route is not behind authentication');
  return request.account;
}
