/** `POST {auth_url}/login`: a session id for a session-type account (interface.md part 5, extensions §12). */
import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../../auth/authenticator.js';
import { toErrorResponse } from '../../errors.js';
import { setSessionCookie } from '../authentication.js';

export function registerLoginRoute(app: FastifyInstance, authenticator: Authenticator, prefix: string): void {
  app.post(`${prefix}/login`, async (request, reply) => {
    try {
      const { sessionId } = await authenticator.login(request.body);
      setSessionCookie(reply, sessionId);
      return { success: true, sessionId };
    } catch (error) {
      const body = toErrorResponse(error);
      return reply.code(body.status_code).send({ success: false, ...body });
    }
  });
}
