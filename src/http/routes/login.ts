/** `POST {auth_url}/login`: a session id for a session-type account (docs/api.md, Accounts and authentication). */
import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../../auth/authenticator.js';
import { loginRequestSchema } from '../../auth/login-request.js';
import { setSessionCookie } from '../authentication.js';
import { errorResponses } from '../openapi-schemas.js';

/** Failures answer `{success: false}` with the error_response's fields. */
const loginFailures = Object.fromEntries(Object.entries(errorResponses(400, 401, 415)).map(([status, schema]) => [status, {
  ...schema, properties: { success: { type: 'boolean', enum: [false] }, ...(schema as { properties: object }).properties },
}]));

export function registerLoginRoute(app: FastifyInstance, authenticator: Authenticator, prefix: string): void {
  app.post(`${prefix}/login`, {
    schema: {
      tags: ['authentication'],
      body: loginRequestSchema,
      response: {
        200: { type: 'object', properties: { success: { type: 'boolean', enum: [true] }, sessionId: { type: 'string' } } },
        ...loginFailures,
      },
    },
    // Every login failure — wrong password, malformed or oversized body — answers `{success: false, ...error_response}`.
    onSend: async (_request, reply, payload) => {
      if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
      return JSON.stringify({ success: false, ...(JSON.parse(payload) as object) });
    },
    handler: async (request, reply) => {
      const { sessionId } = await authenticator.login(request.body);
      setSessionCookie(reply, sessionId);
      return { success: true, sessionId };
    },
  });
}
