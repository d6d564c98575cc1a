/**
 * `formatted_address` as written in each country (without the country; docs/api.md, Geocoding): the house number
 * before the street in the US and in French-speaking countries, after it elsewhere in Europe.
 */
export interface AddressParts {
  country: string;
  streetName?: string | undefined;
  streetNumber?: string | undefined;
  /** A unit of the building (`addr:unit`), written after the street. */
  unit?: string | undefined;
  postcode?: string | undefined;
  locality: string;
  /** The state or province, for countries that write it in an address. */
  state?: string | undefined;
}

const join = (parts: (string | undefined)[], separator: string) => parts.filter((part) => part).join(separator);

const numberFirst = new Set(['US', 'CA', 'GB', 'IE', 'AU', 'NZ', 'FR', 'MC', 'BE', 'LU']);

export function formatAddress(parts: AddressParts): string {
  const { country, streetNumber, postcode, locality } = parts;
  const streetName = parts.unit ? `${parts.streetName} Unit ${parts.unit}` : parts.streetName;
  if (country === 'US' || country === 'CA' || country === 'AU') {
    const street = join([streetNumber, streetName], ' ');
    return join([street, locality, join([parts.state, postcode], ' ')], ', ');
  }
  if (country === 'AD') return join([streetName, streetNumber, join([postcode, locality], ' ')], ', ');
  const street = numberFirst.has(country) ? join([streetNumber, streetName], ' ') : join([streetName, streetNumber], ' ');
  return join([street, join([postcode, locality], ' ')], ', ');
}
