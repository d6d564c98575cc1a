/**
 * A deterministic geocode index of any number of addresses, made without an extract: towns on a grid, each with
 * streets named from a vocabulary (names repeat from town to town, as they do), twenty numbered buildings per
 * street on both sides, some with a letter or a flat, and one postcode per town. What the served index costs in
 * memory and load time grows with these counts, not with where the names came from.
 */
import { geocodeIndexVersion, type AddressRecord, type GeocodeIndex, type PlaceContext, type StreetRecord } from '../../src/geocode/index/geocode-index.js';

const FIRST = ['Maple', 'Oak', 'Cedar', 'Elm', 'Pine', 'Birch', 'Willow', 'Ash', 'Cherry', 'Walnut', 'Chestnut', 'Spruce', 'Hickory', 'Poplar',
  'Laurel', 'Magnolia', 'Holly', 'Juniper', 'Sycamore', 'Linden', 'Aspen', 'Hawthorn', 'Alder', 'Beech', 'Cypress', 'Redwood', 'Sequoia',
  'Dogwood', 'Hemlock', 'Larch', 'Mulberry', 'Olive', 'Palm', 'Peach', 'Pear', 'Plum', 'Quince', 'Rowan', 'Sassafras', 'Tamarack'];
const SECOND = ['Hill', 'Park', 'Lake', 'River', 'Spring', 'Valley', 'Ridge', 'Meadow', 'Forest', 'Harbor', 'Bay', 'Creek', 'Field', 'Glen',
  'Grove', 'Heights', 'Hollow', 'Island', 'Knoll', 'Landing', 'Mill', 'Mount', 'Orchard', 'Point', 'Prairie', 'Shore', 'Summit', 'Terrace',
  'Vista', 'Woods', 'Brook', 'Canyon', 'Cove', 'Crest', 'Dale', 'Falls', 'Gate', 'Haven', 'Manor', 'Pines', 'Rock', 'Run', 'Station',
  'Trail', 'View', 'Village', 'Wharf', 'Wood', 'Fort', 'Garden', 'Green', 'Bluff', 'Bend', 'Chase', 'Commons', 'Crossing', 'Estates',
  'Farm', 'Ford', 'Gardens', 'Hall', 'Junction', 'Lane', 'Loop'];
const KIND = ['Street', 'Avenue', 'Road', 'Drive', 'Boulevard', 'Court', 'Place', 'Way'];

export const STREETS_PER_TOWN = 2500;
export const ADDRESSES_PER_STREET = 20;
/** Metres between the streets of a town, and between neighbouring buildings of a street. */
const STREET_SPACING_DEG = 0.0009;
const BUILDING_SPACING_DEG = 0.00025;
const TOWNS_PER_ROW = 25;

export interface SyntheticAddress {
  text: string;
  lat: number;
  lon: number;
}

function townContext(town: number): PlaceContext {
  return { country: 'US', locality: `Town ${town}`, regions: ['Maryland'], subregions: [] };
}

function streetName(town: number, street: number): string {
  const k = street + town * 7;
  return `${FIRST[k % FIRST.length]} ${SECOND[Math.floor(k / FIRST.length) % SECOND.length]} ${KIND[Math.floor(street / 320) % KIND.length]}`;
}

/** The index of at least `addressCount` addresses (whole streets), every one on its street's line. */
export function syntheticGeocodeIndex(addressCount: number): GeocodeIndex {
  const streetCount = Math.ceil(addressCount / ADDRESSES_PER_STREET);
  const townCount = Math.ceil(streetCount / STREETS_PER_TOWN);
  const streets: StreetRecord[] = [];
  const addresses: AddressRecord[] = [];
  for (let s = 0; s < streetCount; s++) {
    const town = Math.floor(s / STREETS_PER_TOWN), inTown = s % STREETS_PER_TOWN;
    const lat = 37 + Math.floor(town / TOWNS_PER_ROW) * 0.1 + (inTown % 50) * STREET_SPACING_DEG;
    const west = -80 + (town % TOWNS_PER_ROW) * 0.1 + Math.floor(inTown / 50) * ADDRESSES_PER_STREET * BUILDING_SPACING_DEG;
    const east = west + (ADDRESSES_PER_STREET / 2) * BUILDING_SPACING_DEG;
    const postcode = String(20000 + town);
    streets.push({ name: streetName(town, inTown), context: town, lines: [[lat, west, lat, east]], anchor: [lat, west], postcode });
    for (let i = 0; i < ADDRESSES_PER_STREET; i++) {
      const lon = west + Math.floor(i / 2) * BUILDING_SPACING_DEG + BUILDING_SPACING_DEG / 2;
      const side = i % 2 === 0 ? 1 : -1;
      const number = String(i + 1) + (i % 17 === 5 ? 'a' : '');
      addresses.push({
        number, unit: i % 10 === 3 ? 'Apt 2' : '', street: s, postcode, lat: lat + side * 0.0001, lon, context: town, intersection: [lat, lon],
      });
    }
  }
  return {
    version: geocodeIndexVersion, dominantCountry: 'US', countryNames: { US: ['United States'] },
    contexts: Array.from({ length: townCount }, (_, town) => townContext(town)), streets, addresses,
    interpolations: [], postcodes: [], localities: [],
  };
}

/** Every `stride`-th address as a query ("7 Maple Hill Street, 20003 Town 3") with where it lies. */
export function sampleQueries(index: GeocodeIndex, stride: number): SyntheticAddress[] {
  const queries: SyntheticAddress[] = [];
  for (let id = 0; id < index.addresses.length; id += stride) {
    const address = index.addresses[id]!;
    const text = `${address.number} ${index.streets[address.street]!.name}, ${address.postcode} ${index.contexts[address.context]!.locality}`;
    queries.push({ text, lat: address.lat, lon: address.lon });
  }
  return queries;
}
