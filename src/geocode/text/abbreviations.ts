/**
 * Per-language abbreviations of street types, titles and directions. Every variant maps to one canonical word,
 * and the same mapping runs over the names of the index and over queries of the same country: "Str." meets
 * "Strasse", "N Charles St" meets "North Charles Street". Canonical words are the short forms, because a short
 * form can be ambiguous ("St" is Street and Saint) while the folded text on both sides then agrees.
 */
import { boundedEditDistance } from './edit-distance.js';

type Table = Record<string, readonly string[]>;

const english: Table = {
  st: ['street', 'str', 'saint'],
  ave: ['avenue', 'av', 'avn'],
  rd: ['road'],
  blvd: ['boulevard', 'blv', 'boul'],
  dr: ['drive', 'drv'],
  ln: ['lane'],
  ct: ['court', 'crt'],
  pl: ['place'],
  ter: ['terrace', 'terr'],
  pkwy: ['parkway', 'pky'],
  hwy: ['highway'],
  sq: ['square'],
  cir: ['circle'],
  aly: ['alley'],
  mt: ['mount'],
  ft: ['fort'],
  n: ['north'],
  s: ['south'],
  e: ['east'],
  w: ['west'],
  ne: ['northeast'],
  nw: ['northwest'],
  se: ['southeast'],
  sw: ['southwest'],
};

const german: Table = {
  strasse: ['str', 'strase'],
  st: ['sankt'],
  pl: ['platz', 'plz'],
  dr: ['doktor'],
  prof: ['professor'],
};

const french: Table = {
  av: ['avenue', 'ave', 'avn'],
  bd: ['boulevard', 'bld', 'bvd', 'blvd', 'boul'],
  pl: ['place'],
  ch: ['chemin', 'chem'],
  rte: ['route'],
  all: ['allee'],
  imp: ['impasse'],
  qu: ['quai'],
  sq: ['square'],
  esp: ['esplanade'],
  st: ['saint'],
  ste: ['sainte'],
  r: ['rue'],
};

const catalan: Table = {
  c: ['carrer', 'cr', 'crr'],
  av: ['avinguda', 'avda', 'avg'],
  ctra: ['carretera', 'crta', 'ctera'],
  pl: ['placa', 'pca'],
  pg: ['passeig', 'pass'],
  trav: ['travessia', 'travessera'],
  st: ['sant'],
  sta: ['santa'],
};

const spanish: Table = {
  c: ['calle', 'cl', 'cll'],
  av: ['avenida', 'avda'],
  ctra: ['carretera', 'crta'],
  pl: ['plaza', 'pza', 'plza'],
  pg: ['paseo', 'po'],
  st: ['san'],
  sta: ['santa'],
};

const italian: Table = {
  v: ['via'],
  vle: ['viale'],
  pza: ['piazza', 'pzza'],
  cso: ['corso'],
  lgo: ['largo'],
  vic: ['vicolo'],
  st: ['san', 'santo'],
  sta: ['santa'],
};

export type Language = 'en' | 'de' | 'fr' | 'ca' | 'es' | 'it';

const tables: Record<Language, Table> = { en: english, de: german, fr: french, ca: catalan, es: spanish, it: italian };

/** Languages of street names per country; a country not listed uses English abbreviations. */
const countryLanguages: Record<string, Language[]> = {
  US: ['en'], GB: ['en'], IE: ['en'], CA: ['en', 'fr'], AU: ['en'], NZ: ['en'],
  DE: ['de'], AT: ['de'], LI: ['de'], CH: ['de', 'fr', 'it'], LU: ['fr', 'de'],
  FR: ['fr'], BE: ['fr'], MC: ['fr', 'it'],
  AD: ['ca', 'es', 'fr'], ES: ['es', 'ca'], IT: ['it'], SM: ['it'], VA: ['it'],
};

export type AbbreviationMap = ReadonlyMap<string, string>;

const mapsByCountry = new Map<string, AbbreviationMap>();

function mergedMap(languages: readonly Language[]): AbbreviationMap {
  const map = new Map<string, string>();
  // The first language of a country wins a variant that two of its languages abbreviate differently.
  for (const language of languages) {
    for (const [canonical, variants] of Object.entries(tables[language])) {
      if (!map.has(canonical)) map.set(canonical, canonical);
      for (const variant of variants) if (!map.has(variant)) map.set(variant, canonical);
    }
  }
  return map;
}

export function abbreviationsFor(country: string): AbbreviationMap {
  let map = mapsByCountry.get(country);
  if (!map) {
    map = mergedMap(countryLanguages[country] ?? ['en']);
    mapsByCountry.set(country, map);
  }
  return map;
}

/** German compounds end in "str" when abbreviated ("Hauptstr."): the suffix expands like the word. */
const germanCompoundSuffix = /^(.{3,})str$/;

export function canonicalWord(word: string, abbreviations: AbbreviationMap): string {
  const known = abbreviations.get(word);
  if (known !== undefined) return known;
  if (abbreviations.get('str') === 'strasse') {
    const compound = germanCompoundSuffix.exec(word);
    if (compound) return `${compound[1]}strasse`;
  }
  return word;
}

/**
 * The canonical word of a misspelt street type ("avneue", "impmsse"), for query words that meet nothing in the
 * index: canonical forms are short, too short to be guessed from a typo, but their full variants are not.
 */
export function canonicalOfMisspelt(word: string, country: string, maxEdits: number): string | undefined {
  if (maxEdits === 0) return undefined;
  for (const [variant, canonical] of abbreviationsFor(country)) {
    if (variant.length >= 5 && boundedEditDistance(word, variant, maxEdits) <= maxEdits) return canonical;
  }
  return undefined;
}
