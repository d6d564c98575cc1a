/**
 * Truck dimension classes. A vehicle is rounded UP to the next height and weight bound below, so that
 * every truck of a class may use every arc the class may use (a 3.2 m truck is routed as 3.5 m).
 * Index 0 of each axis means "not given": no check on that axis. hgv=no applies unless the weight
 * is known to be at most 3.5 t. Vehicles beyond the last bound are routed as the last bound.
 * Class id = heightIndex * WEIGHT_BOUNDS_T.length + weightIndex; one metric per class, built on first use.
 */
const HEIGHT_BOUNDS_M: readonly number[] = [0, 2.5, 3.0, 3.5, 3.8, 4.0, 4.2, 4.5, 5.0];
const WEIGHT_BOUNDS_T: readonly number[] = [0, 3.5, 7.5, 12, 18, 26, 32, 40, 44, 60];
export const DIMENSION_CLASS_COUNT = HEIGHT_BOUNDS_M.length * WEIGHT_BOUNDS_T.length;
const HGV_THRESHOLD_T = 3.5;

export interface VehicleDimensions {
  heightMeters?: number;
  weightTonnes?: number;
}

export interface DimensionClass {
  id: number;
  heightMeters: number;
  weightTonnes: number;
}

function boundIndex(bounds: readonly number[], value: number | undefined): number {
  if (value === undefined || !(value > 0)) return 0;
  for (let i = 1; i < bounds.length; i++) if (value <= bounds[i]!) return i;
  return bounds.length - 1;
}

export function dimensionClassOf(vehicle: VehicleDimensions): DimensionClass {
  const h = boundIndex(HEIGHT_BOUNDS_M, vehicle.heightMeters);
  const w = boundIndex(WEIGHT_BOUNDS_T, vehicle.weightTonnes);
  return dimensionClassById(h * WEIGHT_BOUNDS_T.length + w);
}

export function dimensionClassById(id: number): DimensionClass {
  const h = Math.floor(id / WEIGHT_BOUNDS_T.length), w = id % WEIGHT_BOUNDS_T.length;
  return { id, heightMeters: HEIGHT_BOUNDS_M[h]!, weightTonnes: WEIGHT_BOUNDS_T[w]! };
}

/** Whether a truck of this class may use a way with these limits (0 = no limit) and hgv=no flag. */
export function classMayUse(cls: DimensionClass, maxHeightMeters: number, maxWeightTonnes: number, hgvForbidden: boolean): boolean {
  if (maxHeightMeters > 0 && cls.heightMeters > maxHeightMeters) return false;
  if (maxWeightTonnes > 0 && cls.weightTonnes > maxWeightTonnes) return false;
  return !(hgvForbidden && (cls.weightTonnes === 0 || cls.weightTonnes > HGV_THRESHOLD_T));
}
