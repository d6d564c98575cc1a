/** What the service is serving and whether it is ready: /health and /v1/version read this. */
export interface MapSummary {
  name: string;
  nodes?: number;
  arcs?: number;
  [key: string]: unknown;
}

export interface ServiceState {
  ready: boolean;
  map: MapSummary | null;
  version: string;
  build: string;
}
