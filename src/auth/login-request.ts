/**
 * The body of `POST {auth_url}/login`: `{username, password, application: "session"}`, validated by the schema
 * /docs publishes for it. Every fault is reported, each with its JSON path (docs/api.md, Errors and validation
 * codes), and the password is never echoed back; unknown extra fields are ignored.
 */
import { FaultList } from '../conventions/faults.js';
import { schemaCheck } from '../conventions/schema-faults.js';
import { validationFailed } from '../errors.js';

export const loginRequestSchema = {
  type: 'object',
  required: ['username', 'password', 'application'],
  properties: {
    username: { type: 'string', minLength: 1, description: 'the name of a session-type account, which contains a colon' },
    password: { type: 'string', minLength: 1 },
    application: { type: 'string', enum: ['session'] },
  },
} as const;

export interface LoginRequest {
  username: string;
  password: string;
}

const checkLoginSchema = schemaCheck(loginRequestSchema, { secrets: ['request.password'] });

/** Throws validation_failed_error listing every fault. */
export function parseLoginRequest(body: unknown): LoginRequest {
  const faults = new FaultList();
  if (!checkLoginSchema(body, faults)) throw validationFailed(faults.errors);
  const { username, password } = body as LoginRequest;
  return { username, password };
}
