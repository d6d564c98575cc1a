/**
 * Every 401 names the schemes that would be accepted (`WWW-Authenticate`, which HTTP requires on a 401):
 * Basic always, Bearer when bearer tokens can be verified. Login failures are 401s too and carry it as well.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

const realm = 'realm="fleetroute"';

export function authChallenges(config: Config): string[] {
  const bearer = config.jwtSecret !== undefined || config.jwtPublicKey !== undefined || config.jwksFile !== undefined;
  return [`Basic ${realm}, charset="UTF-8"`, ...(bearer ? [`Bearer ${realm}`] : [])];
}

export function installAuthChallenges(app: FastifyInstance, config: Config): void {
  const challenges = authChallenges(config);
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 401) reply.header('www-authenticate', challenges);
    return payload;
  });
}
