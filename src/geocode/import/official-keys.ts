/**
 * German boundaries carry official keys (`de:amtlicher_gemeindeschluessel`, `de:regionalschluessel`) whose
 * prefixes name the state (2 digits) and the district (5 digits) a municipality belongs to. An extract around
 * a town clips its district and state: their rings cannot be closed without evidence inside the extract, but
 * their relations and keys are there, so a municipality still finds its district and state by its key.
 */
import type { OsmTags } from '../../map/osm/index.js';

/** The digits of a key by which areas of each level are found: a district by 5, a state by 2. */
const prefixLength: Record<number, number> = { 4: 2, 6: 5 };

export function officialKey(tags: OsmTags): string | undefined {
  const key = tags['de:amtlicher_gemeindeschluessel'] ?? tags['de:regionalschluessel'];
  return key && /^\d{2,12}$/.test(key) ? key : undefined;
}

export class OfficialKeys {
  private readonly names = new Map<string, string>();

  /** Every administrative relation of the extract, whether or not its ring could be closed. */
  constructor(relations: readonly { tags: OsmTags }[]) {
    for (const { tags } of relations) {
      const level = Number(tags.admin_level), key = officialKey(tags), length = prefixLength[level];
      if (key && length !== undefined && key.length >= length && tags.name) this.names.set(`${level}|${key.slice(0, length)}`, tags.name);
    }
  }

  /** The name of the area of `level` (4 or 6) that the key of a finer area belongs to. */
  nameAbove(key: string, level: number): string | undefined {
    const length = prefixLength[level];
    return length === undefined || key.length < length ? undefined : this.names.get(`${level}|${key.slice(0, length)}`);
  }
}
