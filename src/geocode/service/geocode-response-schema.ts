/** The answer of /v1/geocode and /v1/reverse_geocode as /docs publishes it (built in geocode-each.ts and suggestion.ts). */
const latlon = { type: 'string', description: '"<latitude>,<longitude>"' } as const;

const suggestionSchema = {
  type: 'object',
  properties: {
    location: { ...latlon, description: "the building's centroid or its tagged entrance" },
    intersection: { ...latlon, description: 'where the address meets its named street (street-level matches and better)' },
    formatted_address: { type: 'string', description: 'as written in the country, without the country' },
    street_number: { type: 'string' },
    street_name: { type: 'string' },
    subregions: { type: 'array', items: { type: 'string' } },
    regions: { type: 'array', items: { type: 'string' } },
    post_code: { type: 'string' },
    country: { type: 'string', description: 'ISO 3166-1 alpha-2' },
    match_type: { type: 'string', enum: ['address', 'interpolated', 'street', 'postcode', 'locality'] },
    score: { type: 'number', minimum: 0, maximum: 1 },
  },
} as const;

export const geocodeResponseSchema = {
  type: 'object',
  properties: {
    custom: { description: 'the request\'s own custom, echoed' },
    geocoded_locations: {
      type: 'array',
      description: 'one per address (or location), in request order',
      items: {
        type: 'object',
        properties: {
          id: { description: 'echoed' },
          custom: { description: 'echoed' },
          suggestions: { type: 'array', items: suggestionSchema, description: 'best first; empty when nothing matches' },
        },
      },
    },
  },
} as const;
