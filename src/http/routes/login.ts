/** `POST {auth_url}/login`: a session id for a session-type account (interface.md part 5, extensions §12). */
import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../../auth/authenticator.js';
import { setSessionCookie } from '../authentication.js';

export function registerLoginRoute(app: FastifyInstance, authenticator: Authenticator, prefix: string): void {
  app.post(`${prefix}/login`, {
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
