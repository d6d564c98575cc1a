// Parsers for the OSM tag values the profiles read. Each returns undefined for values it cannot read,
// so that a profile falls back to its defaults instead of inventing a number.

const MPH_TO_KMH = 1.609344;

/** Zone-style `maxspeed` values (country:zone) in km/h; OSRM's table of defaults plus its listed exceptions. */
const ZONE_SPEEDS: Record<string, number> = {
  urban: 50, rural: 90, trunk: 110, motorway: 130, living_street: 7,
  'at:rural': 100, 'at:trunk': 100, 'be:motorway': 120, 'by:urban': 60, 'by:motorway': 110,
  'ch:rural': 80, 'ch:trunk': 100, 'ch:motorway': 120, 'cz:trunk': 0, 'cz:motorway': 0,
  'de:living_street': 7, 'de:rural': 100, 'de:motorway': 0, 'dk:rural': 80, 'fr:rural': 80,
  'gb:nsl_single': 96.54, 'gb:nsl_dual': 112.65, 'gb:motorway': 112.65, 'nl:rural': 80, 'nl:trunk': 100,
  'no:rural': 80, 'no:motorway': 110, 'pl:rural': 100, 'pl:trunk': 120, 'pl:motorway': 140, 'ro:trunk': 100,
  'ru:living_street': 20, 'ru:urban': 60, 'ru:motorway': 110, 'uk:nsl_single': 96.54, 'uk:nsl_dual': 112.65,
  'uk:motorway': 112.65, 'za:urban': 60, 'za:rural': 100,
};

/** Speed of unrestricted roads (`maxspeed=none`, German motorways), as OSRM assumes. */
const UNLIMITED_KMH = 140;
const WALK_KMH = 7;

/**
 * `maxspeed`-style value in km/h: `50`, `30 mph`, `walk`, `none`, `DE:urban`, `50;30` (first wins).
 * Returns undefined for `signals`, `variable` and anything unreadable.
 */
export function parseMaxspeed(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const first = value.split(';')[0]!.trim().toLowerCase();
  const numeric = /^(\d+(?:\.\d+)?)\s*(mph|mp\/h|km\/h|kmh|kph)?$/.exec(first);
  if (numeric) {
    const n = Number(numeric[1]);
    return numeric[2] === 'mph' || numeric[2] === 'mp/h' ? n * MPH_TO_KMH : n;
  }
  if (first === 'none') return UNLIMITED_KMH;
  if (first === 'walk') return WALK_KMH;
  const zone = ZONE_SPEEDS[first] ?? ZONE_SPEEDS[first.split(':')[1] ?? ''];
  if (zone === undefined) return undefined;
  return zone === 0 ? UNLIMITED_KMH : zone;
}

/** Travel direction allowed by `oneway`: 1 forward only, -1 backward only, 0 both, undefined not set/unknown. */
export function parseOneway(value: string | undefined): 1 | -1 | 0 | undefined {
  switch (value) {
    case 'yes': case '1': case 'true': return 1;
    case '-1': case 'reverse': return -1;
    case 'no': case '0': case 'false': return 0;
    default: return undefined;
  }
}

/** `duration` of a ferry in seconds: ISO 8601 (`PT1H30M`), `HH:MM[:SS]`, or plain minutes. */
export function parseDurationSeconds(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  const iso = /^P(?:(\d+)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(v);
  if (iso && v !== 'P' && v !== 'PT') {
    return Number(iso[1] ?? 0) * 86400 + Number(iso[2] ?? 0) * 3600 + Number(iso[3] ?? 0) * 60 + Number(iso[4] ?? 0);
  }
  const clock = /^(\d+):(\d{1,2})(?::(\d{1,2}))?$/.exec(v);
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3] ?? 0);
  const minutes = /^\d+(?:\.\d+)?$/.test(v) ? Number(v) : NaN;
  return Number.isFinite(minutes) ? minutes * 60 : undefined;
}

/** `maxheight`/`maxwidth` in metres: `3.5`, `3.5 m`, `12'6"`, `12 ft`. `none`/`default` and junk → undefined. */
export function parseLengthMeters(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase().replace(',', '.');
  const metres = /^(\d+(?:\.\d+)?)\s*m?$/.exec(v);
  if (metres) return Number(metres[1]);
  const feet = /^(\d+(?:\.\d+)?)\s*(?:'|ft|feet)\s*(?:(\d+(?:\.\d+)?)\s*(?:"|in|''))?$/.exec(v);
  if (feet) return Number(feet[1]) * 0.3048 + Number(feet[2] ?? 0) * 0.0254;
  return undefined;
}

/** `maxweight` in tonnes: `7.5`, `7.5 t`, `7500 kg`, `20000 lbs`, `10 st` (short tons). */
export function parseWeightTonnes(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const m = /^(\d+(?:\.\d+)?)\s*(t|kg|lbs?|st)?$/.exec(value.trim().toLowerCase().replace(',', '.'));
  if (!m) return undefined;
  const n = Number(m[1]);
  switch (m[2]) {
    case 'kg': return n / 1000;
    case 'lb': case 'lbs': return n * 0.00045359237;
    case 'st': return n * 0.90718474;
    default: return n;
  }
}

/** The first tag of `keys` (most specific first) that is set, e.g. motorcar before motor_vehicle before access. */
export function firstTag(tags: Readonly<Record<string, string>>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = tags[key];
    if (value !== undefined) return value;
  }
  return undefined;
}
