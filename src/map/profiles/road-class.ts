/** Road classes the profiles know; stored per edge as a small integer. */
export const enum RoadClass {
  Motorway, MotorwayLink, Trunk, TrunkLink, Primary, PrimaryLink, Secondary, SecondaryLink,
  Tertiary, TertiaryLink, Unclassified, Residential, LivingStreet, Service, Ferry, ShuttleTrain, Other,
}

export const ROAD_CLASS_NAMES: readonly string[] = [
  'motorway', 'motorway_link', 'trunk', 'trunk_link', 'primary', 'primary_link', 'secondary', 'secondary_link',
  'tertiary', 'tertiary_link', 'unclassified', 'residential', 'living_street', 'service', 'ferry', 'shuttle_train',
  'other',
];

const BY_HIGHWAY = new Map(ROAD_CLASS_NAMES.slice(0, RoadClass.Service + 1).map((name, i) => [name, i as RoadClass]));

/** The class of a `highway=*` value, or undefined when the value is not one of the car road classes. */
export function roadClassOfHighway(highway: string): RoadClass | undefined {
  return BY_HIGHWAY.get(highway);
}

/** Motorways, trunk roads and their links: fast roads where stopping at the kerb is not allowed or safe. */
export function isMotorwayLike(roadClass: RoadClass): boolean {
  return roadClass <= RoadClass.TrunkLink;
}

export function isLink(roadClass: RoadClass): boolean {
  return roadClass <= RoadClass.TertiaryLink && roadClass % 2 === 1;
}
