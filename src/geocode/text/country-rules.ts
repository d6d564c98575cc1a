/**
 * The order and length of `regions` and the content of `subregions`, per country (docs/geocoding.md lists
 * them). Inputs are what surrounds a point: the administrative areas containing it by admin_level, the
 * nearest places of each kind, and the address's own tags.
 */
export interface Surroundings {
  /** Name of the most specific containing area at each admin_level. */
  areaByLevel: ReadonlyMap<number, { name: string; borderType: string | undefined }>;
  /** Nearest place (within its kind's reach) by kind: city, town, village, suburb, hamlet, neighbourhood. */
  placeByKind: ReadonlyMap<string, { name: string; distance: number }>;
  addrCity: string | undefined;
  addrState: string | undefined;
}

export interface RegionNames {
  /** The town of the address, as written in `formatted_address`. */
  locality: string;
  regions: string[];
  /** Most specific first. */
  subregions: string[];
}

type CountryRule = (around: Surroundings) => RegionNames;

const area = (around: Surroundings, level: number) => around.areaByLevel.get(level)?.name;
/** The place of the first kind that has one nearby. */
const place = (around: Surroundings, ...kinds: string[]) =>
  kinds.map((kind) => around.placeByKind.get(kind)?.name).find((name) => name !== undefined);
/** The nearest place of any of the kinds. */
const nearestPlace = (around: Surroundings, ...kinds: string[]) =>
  kinds
    .map((kind) => around.placeByKind.get(kind))
    .reduce<{ name: string; distance: number } | undefined>((best, found) => (found && (!best || found.distance < best.distance) ? found : best), undefined)?.name;

/** Distinct non-empty names, most specific first, leaving out those already used as regions. */
function finer(candidates: (string | undefined)[], regions: string[]): string[] {
  const seen = new Set(regions);
  const names: string[] = [];
  for (const name of candidates) {
    if (name && !seen.has(name)) {
      seen.add(name);
      names.push(name);
    }
  }
  return names;
}

const usStates: Record<string, string> = Object.fromEntries(
  (
    'AL Alabama,AK Alaska,AZ Arizona,AR Arkansas,CA California,CO Colorado,CT Connecticut,DE Delaware,' +
    'DC District of Columbia,FL Florida,GA Georgia,HI Hawaii,ID Idaho,IL Illinois,IN Indiana,IA Iowa,KS Kansas,' +
    'KY Kentucky,LA Louisiana,ME Maine,MD Maryland,MA Massachusetts,MI Michigan,MN Minnesota,MS Mississippi,' +
    'MO Missouri,MT Montana,NE Nebraska,NV Nevada,NH New Hampshire,NJ New Jersey,NM New Mexico,NY New York,' +
    'NC North Carolina,ND North Dakota,OH Ohio,OK Oklahoma,OR Oregon,PA Pennsylvania,PR Puerto Rico,' +
    'RI Rhode Island,SC South Carolina,SD South Dakota,TN Tennessee,TX Texas,UT Utah,VT Vermont,VA Virginia,' +
    'WA Washington,WV West Virginia,WI Wisconsin,WY Wyoming'
  )
    .split(',')
    .map((entry) => [entry.slice(0, 2), entry.slice(3)]),
);

/**
 * US: [city, county, state]. An independent city (a county-level area tagged border_type=city, like
 * Baltimore) is both the city and the county, so its name repeats.
 */
const unitedStates: CountryRule = (around) => {
  const county = around.areaByLevel.get(6);
  const independentCity = county?.borderType === 'city' ? county.name : undefined;
  const city = area(around, 8) ?? independentCity ?? place(around, 'city', 'town', 'village') ?? around.addrCity ?? '';
  const stateCode = around.addrState?.toUpperCase();
  const state = area(around, 4) ?? (stateCode ? (usStates[stateCode] ?? stateCode) : '');
  const regions = [city, county?.name ?? '', state];
  const subregions = finer([area(around, 10), area(around, 9), place(around, 'neighbourhood', 'suburb'), around.addrCity], regions);
  return { locality: city, regions, subregions };
};

/** Monaco: one commune; the quarters (admin_level 10) are the subregions. */
const monaco: CountryRule = (around) => {
  const city = area(around, 8) ?? around.addrCity ?? 'Monaco';
  const regions = [city];
  return { locality: city, regions, subregions: finer([area(around, 10), place(around, 'neighbourhood', 'suburb')], regions) };
};

/** Andorra: [parish] (admin_level 7); the village or town is the subregion and the locality. */
const andorra: CountryRule = (around) => {
  const parish = area(around, 7) ?? around.addrCity ?? place(around, 'town', 'village') ?? '';
  const village = nearestPlace(around, 'town', 'village', 'hamlet');
  const regions = [parish];
  return { locality: around.addrCity ?? village ?? parish, regions, subregions: finer([place(around, 'neighbourhood'), village], regions) };
};

/** Liechtenstein: [municipality, electoral district]; villages and hamlets within a municipality are subregions. */
const liechtenstein: CountryRule = (around) => {
  const municipality = area(around, 8) ?? around.addrCity ?? place(around, 'village', 'town') ?? '';
  const regions = [municipality, area(around, 6) ?? ''];
  const subregions = finer([place(around, 'neighbourhood', 'hamlet'), place(around, 'village'), around.addrCity], regions);
  return { locality: municipality, regions, subregions };
};

/** Elsewhere: [municipality, county or district, state or province], with absent levels left out. */
const generic: CountryRule = (around) => {
  const municipality = area(around, 8) ?? place(around, 'city', 'town', 'village') ?? around.addrCity;
  const regions = [municipality, area(around, 6), area(around, 4)].filter((name): name is string => Boolean(name));
  const subregions = finer([area(around, 10), area(around, 9), place(around, 'neighbourhood', 'suburb', 'hamlet')], regions);
  return { locality: municipality ?? '', regions, subregions };
};

const rules: Record<string, CountryRule> = { US: unitedStates, MC: monaco, AD: andorra, LI: liechtenstein };

export function regionNames(country: string, around: Surroundings): RegionNames {
  return (rules[country] ?? generic)(around);
}

const usStateCodes = new Map(Object.entries(usStates).map(([code, name]) => [name, code]));

/** Other names of regions that addresses are written with: the two-letter code of a US state. */
export function regionAliases(country: string, regions: readonly string[]): string[] {
  if (country !== 'US') return [];
  return regions.map((region) => usStateCodes.get(region)).filter((code): code is string => code !== undefined);
}

/** Ways of naming a country that no boundary of an extract carries, besides its code. */
const countryAliases: Record<string, string[]> = { US: ['USA', 'United States', 'United States of America'] };

export function countryWords(country: string, boundaryNames: readonly string[]): string[] {
  return [country, ...boundaryNames, ...(countryAliases[country] ?? [])];
}
