// polylabel 2.x ships ESM without types.
declare module 'polylabel' {
  /** The pole of inaccessibility of a polygon given as rings of [x, y]; `distance` is its distance to the edge. */
  export default function polylabel(polygon: number[][][], precision?: number, debug?: boolean): [number, number] & { distance: number };
}
