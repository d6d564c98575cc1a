/** The input is not a readable OSM file (truncated PBF, unsupported compression, malformed XML…). */
export class OsmFormatError extends Error {
  override readonly name = 'OsmFormatError';
  constructor(message: string, readonly path: string) {
    super(`${path}: ${message}`);
  }
}
