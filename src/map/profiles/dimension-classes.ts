/**
 * Truck dimension classes. A vehicle is rounded UP to the next bound of every axis below, so that every truck
 * of a class may use every arc the class may use (a 3.2 m truck is routed as 3.5 m). Index 0 of each axis
 * means "not given": no check on that axis. hgv=no applies unless the weight is known to be at most 3.5 t.
 * Vehicles beyond the last bound are routed as the last bound. The class id is mixed-radix over the axes,
 * weight fastest, so the classes of height and weight alone keep their ids (heightIndex × 10 + weightIndex);
 * one metric per class, built on first use.
 */
export interface VehicleDimensions {
  heightMeters?: number;
  weightTonnes?: number;
  widthMeters?: number;
  lengthMeters?: number;
  /** Heaviest load on one axle. */
  axleLoadTonnes?: number;
}

type Axis = keyof VehicleDimensions;

/** The request fields (`/v1/path`, `/v1/matrix`, planning vehicles) that name each dimension. */
export const VEHICLE_DIMENSION_FIELDS: readonly [field: string, axis: Axis][] = [
  ['height_meters', 'heightMeters'], ['weight_tonnes', 'weightTonnes'], ['width_meters', 'widthMeters'],
  ['length_meters', 'lengthMeters'], ['axle_load_tonnes', 'axleLoadTonnes'],
];

/** Bounds per axis, fastest-varying first; the signs most often posted are bounds, so they are exact. */
const AXES: readonly { axis: Axis; bounds: readonly number[] }[] = [
  { axis: 'weightTonnes', bounds: [0, 3.5, 7.5, 12, 18, 26, 32, 40, 44, 60] },
  { axis: 'heightMeters', bounds: [0, 2.5, 3.0, 3.5, 3.8, 4.0, 4.2, 4.5, 5.0] },
  { axis: 'widthMeters', bounds: [0, 2.2, 2.55, 3.0] },
  { axis: 'lengthMeters', bounds: [0, 10, 12, 16.5, 18.75] },
  { axis: 'axleLoadTonnes', bounds: [0, 8, 10, 11.5, 13] },
];
export const DIMENSION_CLASS_COUNT = AXES.reduce((count, { bounds }) => count * bounds.length, 1);
const HGV_THRESHOLD_T = 3.5;

/** A class: its id and, per axis, the bound every vehicle of the class is routed as (0: not checked). */
export type DimensionClass = { id: number } & Required<VehicleDimensions>;

/** Limits of a way per axis, 0 where it has none. */
export type SizeLimits = Required<VehicleDimensions>;

function boundIndex(bounds: readonly number[], value: number | undefined): number {
  if (value === undefined || !(value > 0)) return 0;
  for (let i = 1; i < bounds.length; i++) if (value <= bounds[i]!) return i;
  return bounds.length - 1;
}

export function dimensionClassOf(vehicle: VehicleDimensions): DimensionClass {
  let id = 0;
  for (let k = AXES.length - 1; k >= 0; k--) id = id * AXES[k]!.bounds.length + boundIndex(AXES[k]!.bounds, vehicle[AXES[k]!.axis]);
  return dimensionClassById(id);
}

export function dimensionClassById(id: number): DimensionClass {
  const cls = { id } as DimensionClass;
  let rest = id;
  for (const { axis, bounds } of AXES) {
    cls[axis] = bounds[rest % bounds.length]!;
    rest = Math.floor(rest / bounds.length);
  }
  return cls;
}

/** Whether a truck of this class may use a way with these limits (0 = no limit) and hgv=no flag. */
export function classMayUse(cls: DimensionClass, limits: SizeLimits, hgvForbidden: boolean): boolean {
  for (const { axis } of AXES) if (limits[axis] > 0 && cls[axis] > limits[axis]) return false;
  return !(hgvForbidden && (cls.weightTonnes === 0 || cls.weightTonnes > HGV_THRESHOLD_T));
}
