export interface ReadOsmOptions {
  /** Called with the fraction of the file consumed so far, in [0, 1]. */
  onProgress?: (fraction: number) => void;
  /** PBF decoder threads (default: available cores, at most 4). */
  workers?: number;
}
