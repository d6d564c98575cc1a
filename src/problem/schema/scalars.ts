/**
 * Schema pieces for the scalar conventions. Booleans and numbers may arrive quoted, so their schemas accept a
 * string of the right shape (`pattern` only constrains strings). Optional values may be null, meaning absent.
 * Formats (latlon, timespan, date) are checked by the conventions module, which gives them their own codes.
 */
export const numberLike = {
  type: ['number', 'string', 'null'],
  pattern: '^\\s*[-+]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][-+]?\\d+)?\\s*$',
} as const;

export const integerLike = { type: ['integer', 'string', 'null'], pattern: '^\\s*[-+]?\\d+\\s*$' } as const;

export const booleanLike = {
  type: ['boolean', 'string', 'null'],
  pattern: '^\\s*([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee])\\s*$',
} as const;

export const identifier = { type: ['string', 'number'], description: 'Identifier, unique among its kind' } as const;
export const optionalText = { type: ['string', 'null'] } as const;
export const latlonText = { type: ['string', 'null'], description: '"<latitude>,<longitude>"' } as const;
export const timespanText = { type: ['string', 'null'], description: '"HH:MM" or "HH:MM:SS"' } as const;
export const timeOfDayText = { type: ['string', 'null'], description: 'time of day "HH:MM" or "HH:MM:SS"' } as const;
export const dateText = { type: ['string', 'null'], description: '"YYYY-MM-DD"' } as const;
export const custom = { type: ['object', 'null'], description: 'Returned unmodified' } as const;

export function listOf(items: object, maxItems: number): object {
  return { type: ['array', 'null'], items, maxItems };
}

export function textList(maxItems: number): object {
  return listOf({ type: 'string' }, maxItems);
}

export function enumOf(values: readonly string[]): object {
  return { type: ['string', 'null'], enum: [...values, null] };
}

export const timeWindow = {
  type: ['object', 'null'],
  properties: { start: timeOfDayText, end: timeOfDayText },
} as const;
