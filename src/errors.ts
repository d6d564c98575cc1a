/**
 * The one registry of error codes: every error the service answers with is an `AppError` carrying one of
 * these codes, and `toErrorResponse` is the only place that turns an error into an HTTP error_response.
 */
export const errorCodes = {
  validation_failed_error: 400,
  too_many_jobs_to_insert_error: 400,
  authentication_required_error: 401,
  invalid_session_id_error: 401,
  invalid_basic_auth_error: 401,
  not_found_error: 404,
  invalid_task_id_error: 404,
  method_not_allowed_error: 405,
  request_timeout_error: 408,
  task_not_complete_error: 409,
  task_canceled_error: 409,
  unsupported_media_type_error: 415,
  too_many_requests_error: 429,
  internal_server_error: 500,
  time_limit_exceeded_error: 500,
  geostream_error: 500,
  geostream_exceeded_maximum_retries: 500,
  geostream_unavailable: 500,
  service_unavailable_error: 503,
} as const;

export type ErrorCode = keyof typeof errorCodes;

/** Every validation code (docs/api.md, Errors and validation codes). */
export const validationCodes = [
  'job_location_missing_error',
  'route_dates_mismatch_error',
  'routes_with_schedules_must_have_dates_error',
  'null_value_error',
  'missing_field_error',
  'invalid_json_error',
  'missing_id_error',
  'duplicate_id_error',
  'unknown_reference_error',
  'invalid_latlon_error',
  'invalid_timespan_error',
  'invalid_date_error',
  'invalid_enum_value_error',
  'value_out_of_range_error',
  'time_window_end_before_start_error',
  'mutually_exclusive_fields_error',
  'too_many_capacity_metrics_error',
  'invalid_type_error',
  'query_missing_error',
  'invalid_country_code_error',
  'too_many_items_error',
] as const;

export type ValidationCode = (typeof validationCodes)[number];

/** One fault found while validating a request (docs/api.md, Errors and validation codes). */
export interface ValidationError {
  property: string;
  code: ValidationCode;
  message: string;
  parameters?: Record<string, unknown>;
  attempted_value?: unknown;
  line?: number;
  position?: number;
  status_code?: string;
}

export interface ErrorResponse {
  status_code: number;
  error_code: ErrorCode;
  message: string;
  errors?: ValidationError[];
  extra_error_information?: Record<string, unknown>;
}

const validationErrorSchema = {
  type: 'object',
  properties: {
    property: { type: 'string', description: 'JSON path of the value, e.g. request.jobs[3].location' },
    code: { type: 'string', enum: validationCodes },
    message: { type: 'string', description: 'what was expected' },
    parameters: { type: 'object', additionalProperties: true, description: 'e.g. minimum, maximum, allowed_values' },
    attempted_value: {},
    line: { type: 'integer' },
    position: { type: 'integer' },
    status_code: { type: 'string' },
  },
} as const;

/** The error_response as /docs publishes it. */
export const errorResponseSchema = {
  type: 'object',
  properties: {
    status_code: { type: 'integer' },
    error_code: { type: 'string', enum: Object.keys(errorCodes) },
    message: { type: 'string' },
    errors: { type: 'array', items: validationErrorSchema },
    extra_error_information: { type: 'object', additionalProperties: true },
  },
} as const;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors: ValidationError[] | undefined;
  readonly extra: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, options: { errors?: ValidationError[]; extra?: Record<string, unknown> } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = errorCodes[code];
    this.errors = options.errors;
    this.extra = options.extra;
  }
}

/** A 400 listing every validation fault, with the count in the message and in extra_error_information. */
export function validationFailed(errors: ValidationError[]): AppError {
  const count = errors.length;
  const withStatus = errors.map((error) => ({ ...error, status_code: '400' }));
  return new AppError('validation_failed_error', `${count} validation error${count === 1 ? '' : 's'} found`, {
    errors: withStatus,
    extra: { validation_failures_count: count },
  });
}

/** The error_response body for any thrown value; unknown failures become a 500 without internals. */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (!(error instanceof AppError)) {
    return { status_code: 500, error_code: 'internal_server_error', message: 'An unexpected error occurred' };
  }
  const body: ErrorResponse = { status_code: error.status, error_code: error.code, message: error.message };
  if (error.errors) body.errors = error.errors;
  if (error.extra) body.extra_error_information = error.extra;
  return body;
}

/** Errors cross the worker boundary as plain data; this restores them on the other side. */
export function fromErrorResponse(body: ErrorResponse): AppError {
  const options: { errors?: ValidationError[]; extra?: Record<string, unknown> } = {};
  if (body.errors) options.errors = body.errors;
  if (body.extra_error_information) options.extra = body.extra_error_information;
  return new AppError(body.error_code, body.message, options);
}
