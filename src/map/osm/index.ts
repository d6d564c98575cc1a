// Public surface of the OSM reader, shared by the road-graph importer and the geocoder.
// Everything else in this folder is an implementation detail.
export type { OsmHandler, OsmMember, OsmMemberType, OsmNode, OsmRelation, OsmTags, OsmWay } from './elements.js';
export { NO_TAGS } from './elements.js';
export { OsmFormatError } from './osm-format-error.js';
export type { ReadOsmOptions } from './read-options.js';
export { readOsmFile } from './read-osm-file.js';
