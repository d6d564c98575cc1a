/**
 * The geocode index as it is cached and served: what grows with the addresses (their coordinates, numbers,
 * streets) and with the streets' geometry lies in typed arrays, with the trees of reverse search already built,
 * all packed in one block (src/common/packed-arrays.ts). Read into a SharedArrayBuffer, the block is loaded
 * without decoding any address and every worker reads the same copy; only the small part (names, contexts,
 * postcodes, places) is decoded by each (docs/geocoding.md, The served index).
 */
import Flatbush from 'flatbush';
import { packArrays, unpackArrays, type PackedArray, type UnpackedArrays } from '../../common/packed-arrays.js';
import {
  geocodeIndexVersion, type AddressRecord, type GeocodeIndex, type InterpolationRecord, type LocalityRecord, type PlaceContext,
  type PostcodeRecord, type StreetRecord,
} from './geocode-index.js';

/** A street without its geometry, which the served index keeps apart (lines()). */
export type ServedStreet = Omit<StreetRecord, 'lines'>;

interface Description {
  version: number;
  dominantCountry: string;
  countryNames: Record<string, string[]>;
  contexts: PlaceContext[];
  interpolations: InterpolationRecord[];
  postcodes: PostcodeRecord[];
  localities: LocalityRecord[];
  /** Every distinct house number, unit and postcode, and every street name: their columns hold indexes into it. */
  texts: string[];
  /** cos(mean latitude of addresses and places): trees and searches scale longitudes by it (ReverseSearch). */
  lonScale: number;
}

/** The arrays of the served block (their layout: the functions that write them, below). */
interface Columns {
  addressLat: Float64Array;
  addressLon: Float64Array;
  addressMeetLat: Float64Array;
  addressMeetLon: Float64Array;
  addressStreet: Uint32Array;
  addressContext: Uint32Array;
  addressNumber: Uint32Array;
  addressUnit: Uint32Array;
  addressPostcode: Uint32Array;
  streetAddresses: Uint32Array;
  streetName: Uint32Array;
  streetContext: Uint32Array;
  streetAnchorLat: Float64Array;
  streetAnchorLon: Float64Array;
  streetPostcode: Uint32Array;
  lineCoords: Float64Array;
  lineStart: Uint32Array;
  streetLines: Uint32Array;
  segmentStart: Uint32Array;
  addressTree: Uint8Array;
  segmentTree: Uint8Array;
}

export class GeocodeIndexVersionError extends Error {}

/** Marks an address with no point where it meets its street. */
const NO_MEETING = Number.NaN;

function meanLatitudeScale(index: GeocodeIndex): number {
  const points = [...index.addresses, ...index.localities];
  const meanLat = points.length > 0 ? points.reduce((sum, point) => sum + point.lat, 0) / points.length : 0;
  return Math.cos((meanLat * Math.PI) / 180);
}

/** First entry of each group, and the end: `first[g]..first[g + 1]` are the entries of group g. */
function groupStarts(groupCount: number, groupOf: (entry: number) => number, entryCount: number): Uint32Array {
  const first = new Uint32Array(groupCount + 1);
  for (let entry = 0; entry < entryCount; entry++) first[groupOf(entry) + 1]!++;
  for (let group = 0; group < groupCount; group++) first[group + 1]! += first[group]!;
  return first;
}

function treeBytes(tree: Flatbush | undefined): Uint8Array {
  return tree ? new Uint8Array(tree.data) : new Uint8Array(0);
}

type AddressColumns = Pick<Columns, `address${'Lat' | 'Lon' | 'MeetLat' | 'MeetLon' | 'Street' | 'Context' | 'Number' | 'Unit' | 'Postcode'}` | 'streetAddresses'>;
type StreetColumns = Pick<Columns, 'streetName' | 'streetContext' | 'streetAnchorLat' | 'streetAnchorLon' | 'streetPostcode'>;

function columnOf<R, T extends PackedArray>(records: readonly R[], Type: new (length: number) => T, value: (record: R) => number): T {
  const array = new Type(records.length);
  records.forEach((record, i) => (array[i] = value(record)));
  return array;
}

function streetColumns(streets: readonly StreetRecord[], textId: (text: string) => number): StreetColumns {
  return {
    streetName: columnOf(streets, Uint32Array, (street) => textId(street.name)),
    streetContext: columnOf(streets, Uint32Array, (street) => street.context),
    streetAnchorLat: columnOf(streets, Float64Array, (street) => street.anchor[0]),
    streetAnchorLon: columnOf(streets, Float64Array, (street) => street.anchor[1]),
    streetPostcode: columnOf(streets, Uint32Array, (street) => textId(street.postcode)),
  };
}

function addressColumns(index: GeocodeIndex, textId: (text: string) => number): AddressColumns {
  const { addresses } = index;
  for (let id = 1; id < addresses.length; id++) {
    if (addresses[id]!.street < addresses[id - 1]!.street) throw new RangeError('addresses must be grouped by street, in street order');
  }
  const column = <T extends PackedArray>(Type: new (length: number) => T, value: (address: AddressRecord) => number): T =>
    columnOf(addresses, Type, value);
  return {
    addressLat: column(Float64Array, (a) => a.lat),
    addressLon: column(Float64Array, (a) => a.lon),
    addressMeetLat: column(Float64Array, (a) => a.intersection?.[0] ?? NO_MEETING),
    addressMeetLon: column(Float64Array, (a) => a.intersection?.[1] ?? NO_MEETING),
    addressStreet: column(Uint32Array, (a) => a.street),
    addressContext: column(Uint32Array, (a) => a.context),
    addressNumber: column(Uint32Array, (a) => textId(a.number)),
    addressUnit: column(Uint32Array, (a) => textId(a.unit)),
    addressPostcode: column(Uint32Array, (a) => textId(a.postcode)),
    streetAddresses: groupStarts(index.streets.length, (id) => addresses[id]!.street, addresses.length),
  };
}

function addressTree(index: GeocodeIndex, lonScale: number): Flatbush | undefined {
  if (index.addresses.length === 0) return undefined;
  const tree = new Flatbush(index.addresses.length);
  for (const { lat, lon } of index.addresses) tree.add(lon * lonScale, lat, lon * lonScale, lat);
  tree.finish();
  return tree;
}

/** Street lines as one coordinate array: line l is `lineCoords[lineStart[l]..lineStart[l + 1]]`, flat [lat, lon, …]. */
function lineColumns(streets: readonly StreetRecord[]): Pick<Columns, 'lineCoords' | 'lineStart' | 'streetLines'> {
  const lines = streets.flatMap((street) => street.lines);
  const lineStart = new Uint32Array(lines.length + 1);
  lines.forEach((line, l) => (lineStart[l + 1] = lineStart[l]! + line.length));
  const lineCoords = new Float64Array(lineStart[lines.length]!);
  lines.forEach((line, l) => lineCoords.set(line, lineStart[l]));
  const streetLines = new Uint32Array(streets.length + 1);
  streets.forEach((street, s) => (streetLines[s + 1] = streetLines[s]! + street.lines.length));
  return { lineCoords, lineStart, streetLines };
}

/** Every segment of every line, by the coordinate index of its first point, and a tree over their boxes. */
function segmentColumns(lineCoords: Float64Array, lineStart: Uint32Array, lonScale: number): { segmentStart: Uint32Array; tree: Flatbush | undefined } {
  const starts: number[] = [];
  for (let l = 0; l + 1 < lineStart.length; l++) {
    for (let at = lineStart[l]!; at + 3 < lineStart[l + 1]!; at += 2) starts.push(at);
  }
  if (starts.length === 0) return { segmentStart: new Uint32Array(0), tree: undefined };
  const tree = new Flatbush(starts.length);
  for (const at of starts) {
    const [aLat, aLon, bLat, bLon] = [lineCoords[at]!, lineCoords[at + 1]!, lineCoords[at + 2]!, lineCoords[at + 3]!];
    tree.add(Math.min(aLon, bLon) * lonScale, Math.min(aLat, bLat), Math.max(aLon, bLon) * lonScale, Math.max(aLat, bLat));
  }
  tree.finish();
  return { segmentStart: Uint32Array.from(starts), tree };
}

/** The served form of an index built from an extract (addresses grouped by street, as the build leaves them). */
export function serializeGeocodeIndex(index: GeocodeIndex): Uint8Array {
  const texts: string[] = [];
  const textIds = new Map<string, number>();
  const textId = (text: string): number => {
    let id = textIds.get(text);
    if (id === undefined) textIds.set(text, (id = texts.push(text) - 1));
    return id;
  };
  const lonScale = meanLatitudeScale(index);
  const addresses = addressColumns(index, textId);
  const streets = streetColumns(index.streets, textId);
  const lines = lineColumns(index.streets);
  const segments = segmentColumns(lines.lineCoords, lines.lineStart, lonScale);
  const description: Description = {
    version: index.version, dominantCountry: index.dominantCountry, countryNames: index.countryNames, contexts: index.contexts,
    interpolations: index.interpolations,
    postcodes: index.postcodes, localities: index.localities, texts, lonScale,
  };
  const columns: Columns = {
    ...addresses, ...streets, ...lines, segmentStart: segments.segmentStart,
    addressTree: treeBytes(addressTree(index, lonScale)), segmentTree: treeBytes(segments.tree),
  };
  return packArrays(description, columns as unknown as Record<string, PackedArray>);
}

/** Index of the last group whose first entry is at or before `entry`. */
function groupOf(first: Uint32Array, entry: number): number {
  let low = 0, high = first.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (first[middle]! <= entry) low = middle;
    else high = middle - 1;
  }
  return low;
}

export class ServedGeocodeIndex {
  readonly dominantCountry: string;
  readonly countryNames: Record<string, string[]>;
  readonly contexts: PlaceContext[];
  readonly interpolations: InterpolationRecord[];
  readonly postcodes: PostcodeRecord[];
  readonly localities: LocalityRecord[];
  readonly texts: readonly string[];
  readonly lonScale: number;
  readonly addressCount: number;
  readonly streetCount: number;
  private readonly columns: Columns;

  private constructor(private readonly packed: UnpackedArrays<Description>) {
    const description = packed.description;
    this.dominantCountry = description.dominantCountry;
    this.countryNames = description.countryNames;
    this.contexts = description.contexts;
    this.interpolations = description.interpolations;
    this.postcodes = description.postcodes;
    this.localities = description.localities;
    this.texts = description.texts;
    this.lonScale = description.lonScale;
    this.columns = packed.arrays as unknown as Columns;
    this.addressCount = this.columns.addressLat.length;
    this.streetCount = this.columns.streetName.length;
  }

  /** Reads a served block; throws GeocodeIndexVersionError for one written by another version (the caller rebuilds it). */
  static fromBytes(bytes: Uint8Array): ServedGeocodeIndex {
    const packed = unpackArrays<Description>(bytes);
    if (packed.description?.version !== geocodeIndexVersion) {
      throw new GeocodeIndexVersionError(`geocode index version ${String(packed.description?.version)}, expected ${geocodeIndexVersion}`);
    }
    return new ServedGeocodeIndex(packed);
  }

  /** The address `id` as the build wrote it. */
  address(id: number): AddressRecord {
    const c = this.columns;
    const meetLat = c.addressMeetLat[id]!;
    return {
      number: this.texts[c.addressNumber[id]!]!, unit: this.texts[c.addressUnit[id]!]!, street: c.addressStreet[id]!,
      postcode: this.texts[c.addressPostcode[id]!]!, lat: c.addressLat[id]!, lon: c.addressLon[id]!, context: c.addressContext[id]!,
      intersection: Number.isNaN(meetLat) ? undefined : [meetLat, c.addressMeetLon[id]!],
    };
  }

  street(id: number): ServedStreet {
    const c = this.columns;
    return {
      name: this.texts[c.streetName[id]!]!, context: c.streetContext[id]!, anchor: [c.streetAnchorLat[id]!, c.streetAnchorLon[id]!],
      postcode: this.texts[c.streetPostcode[id]!]!,
    };
  }

  /** The text index of a street's name: streets of one name share it. */
  streetNameText(id: number): number {
    return this.columns.streetName[id]!;
  }

  streetContext(id: number): number {
    return this.columns.streetContext[id]!;
  }

  /** The text index of address `id`'s house number (texts[…]): equal numbers share one. */
  numberText(id: number): number {
    return this.columns.addressNumber[id]!;
  }

  postcodeText(id: number): number {
    return this.columns.addressPostcode[id]!;
  }

  /** The ids of a street's addresses: `first` up to `end`. */
  addressesOfStreet(street: number): { first: number; end: number } {
    const first = this.columns.streetAddresses;
    return { first: first[street]!, end: first[street + 1]! };
  }

  hasLines(street: number): boolean {
    const { streetLines } = this.columns;
    return streetLines[street + 1]! > streetLines[street]!;
  }

  /** A street's lines as flat [lat, lon, …] arrays. */
  lines(street: number): number[][] {
    const { streetLines, lineStart, lineCoords } = this.columns;
    const lines: number[][] = [];
    for (let l = streetLines[street]!; l < streetLines[street + 1]!; l++) lines.push(Array.from(lineCoords.subarray(lineStart[l]!, lineStart[l + 1]!)));
    return lines;
  }

  /** The street of a segment of segmentTree, and its end points as [aLat, aLon, bLat, bLon]. */
  segment(id: number): { street: number; points: number[] } {
    const { segmentStart, lineStart, streetLines, lineCoords } = this.columns;
    const at = segmentStart[id]!;
    const street = groupOf(streetLines, groupOf(lineStart, at));
    return { street, points: Array.from(lineCoords.subarray(at, at + 4)) };
  }

  /** Address points, x = longitude × lonScale, y = latitude; undefined without addresses. */
  addressTree(): Flatbush | undefined {
    return this.tree('addressTree');
  }

  /** Boxes of the street segments (segment ids as in segment()), scaled as addressTree. */
  segmentTree(): Flatbush | undefined {
    return this.tree('segmentTree');
  }

  private tree(name: 'addressTree' | 'segmentTree'): Flatbush | undefined {
    if (this.columns[name].length === 0) return undefined;
    return Flatbush.from(this.packed.buffer as ArrayBuffer, this.packed.byteOffsetOf(name));
  }
}

/** The index as the build made it, read back from its served form (for checks and benchmarks, not for serving). */
export function geocodeRecords(served: ServedGeocodeIndex): GeocodeIndex {
  return {
    version: geocodeIndexVersion, dominantCountry: served.dominantCountry, countryNames: served.countryNames, contexts: served.contexts,
    streets: Array.from({ length: served.streetCount }, (_, id) => ({ ...served.street(id), lines: served.lines(id) })),
    addresses: Array.from({ length: served.addressCount }, (_, id) => served.address(id)),
    interpolations: served.interpolations, postcodes: served.postcodes, localities: served.localities,
  };
}

export function deserializeGeocodeIndex(bytes: Uint8Array): GeocodeIndex {
  return geocodeRecords(ServedGeocodeIndex.fromBytes(bytes));
}
