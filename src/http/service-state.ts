/** What the service is serving and whether it is ready: /health and /v1/version read this. */
export interface MapSummary {
  name: string;
  nodes?: number;
  arcs?: number;
  /** Per profile, bytes served by part (docs/scale.md). */
  servedBytes?: Partial<Record<string, Record<string, number>>>;
  /** Bytes of the map's geocode index, shared by all worker threads (docs/geocoding.md, The served index). */
  geocoderBytes?: number;
  /** Every map served: the fields above are the first map's (docs/routing-service.md, Serving several maps). */
  maps?: MapSummary[];
  [key: string]: unknown;
}

export interface ServiceState {
  ready: boolean;
  role: 'all' | 'api' | 'worker';
  /** Identity of the served roads (the map summary's hash, `none` without a map); set when ready. */
  mapHash?: string;
  map: MapSummary | null;
  version: string;
  build: string;
}
