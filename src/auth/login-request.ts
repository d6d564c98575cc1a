/**
 * The body of `POST {auth_url}/login`: `{username, password, application: "session"}`. Every fault is
 * reported, each with its JSON path (extensions §13); unknown extra fields are ignored.
 */
import { validationFailed, type ValidationError } from '../errors.js';

export interface LoginRequest {
  username: string;
  password: string;
}

function fault(field: string, code: string, message: string, attemptedValue: unknown): ValidationError {
  const error: ValidationError = { property: `request.${field}`, code, message, parameters: { property_name: field } };
  if (attemptedValue !== undefined) error.attempted_value = attemptedValue;
  return error;
}

function stringFault(body: Record<string, unknown>, field: string): ValidationError | undefined {
  const value = body[field];
  if (typeof value === 'string' && value !== '') return undefined;
  if (value === null) return fault(field, 'null_value_error', `${field} must not be null`, undefined);
  return fault(field, 'invalid_type_error', `${field} must be a non-empty string`, undefined);
}

function applicationFault(value: unknown): ValidationError | undefined {
  if (value === 'session') return undefined;
  if (value === null) return fault('application', 'null_value_error', 'application must not be null', undefined);
  if (typeof value !== 'string') return fault('application', 'invalid_type_error', 'application must be the string "session"', undefined);
  return fault('application', 'invalid_enum_value_error', 'application must be "session"', value);
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
