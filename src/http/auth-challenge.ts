/**
 * Every 401 names the schemes that would be accepted (`WWW-Authenticate`, which HTTP requires on a 401):
 * Basic always, Bearer when bearer tokens can be verified. Login failures are 401s too and carry it as well;
 * the error handler sets it (error-handler.ts), as every 401 is a thrown AppError.
 */
import type { Config } from '../config.js';

const realm = 'realm="fleetroute"';

export function authChallenges(config: Config): string[] {
  const bearer = config.jwtSecret !== undefined || config.jwtPublicKey !== undefined || config.jwksFile !== undefined;
  return [`Basic ${realm}, charset="UTF-8"`, ...(bearer ? [`Bearer ${realm}`] : [])];
}
