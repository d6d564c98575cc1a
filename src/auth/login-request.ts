/**
 * The body of `POST {auth_url}/login`: `{username, password, application: "session"}`. Every fault is
 * reported, each with its JSON path (docs/api.md, Errors and validation codes); unknown extra fields are ignored.
 */
import { jsonTypeOf, requiredValueFault } from '../conventions/faults.js';
import { validationFailed, type ValidationCode, type ValidationError } from '../errors.js';

/** The body as /docs publishes it; `parseLoginRequest` checks exactly these fields, reporting every fault. */
export const loginRequestSchema = {
  type: 'object',
  required: ['username', 'password', 'application'],
  properties: {
    username: { type: 'string', minLength: 1, description: 'a session-type account (its name contains a colon)' },
    password: { type: 'string', minLength: 1 },
    application: { type: 'string', enum: ['session'] },
  },
} as const;

export interface LoginRequest {
  username: string;
  password: string;
}

function fault(field: string, code: ValidationCode, message: string, attemptedValue: unknown): ValidationError {
  const error: ValidationError = { property: `request.${field}`, code, message, parameters: { property_name: field } };
  if (attemptedValue !== undefined) error.attempted_value = attemptedValue;
  return error;
}

/** Absent or null: the one rule of every request (`requiredValueFault`); nothing is echoed, passwords included. */
function required(field: string, expected: string, value: null | undefined): ValidationError {
  const { code, message } = requiredValueFault(expected, value);
  return fault(field, code, message, undefined);
}

function stringFault(body: Record<string, unknown>, field: string): ValidationError | undefined {
  const value = body[field];
  if (typeof value === 'string' && value !== '') return undefined;
  if (value === null || value === undefined) return required(field, 'a non-empty string', value);
  return fault(field, 'invalid_type_error', `Expected a non-empty string, got ${value === '' ? 'an empty one' : jsonTypeOf(value)}`, undefined);
}

function applicationFault(value: unknown): ValidationError | undefined {
  if (value === 'session') return undefined;
  if (value === null || value === undefined) return required('application', 'the string "session"', value);
  if (typeof value !== 'string') return fault('application', 'invalid_type_error', `Expected the string "session", got ${jsonTypeOf(value)}`, undefined);
  return fault('application', 'invalid_enum_value_error', 'Expected "session"', value);
}

/** Throws validation_failed_error listing every fault. The password is never echoed back. */
export function parseLoginRequest(body: unknown): LoginRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validationFailed([
      { property: 'request', code: 'invalid_type_error', message: 'the body must be a JSON object with username, password and application' },
    ]);
  }
  const fields = body as Record<string, unknown>;
  const faults = [stringFault(fields, 'username'), stringFault(fields, 'password'), applicationFault(fields.application)];
  const errors = faults.filter((error) => error !== undefined);
  if (errors.length > 0) throw validationFailed(errors);
  return { username: fields.username as string, password: fields.password as string };
}
