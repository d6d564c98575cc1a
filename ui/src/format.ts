/** How numbers of the API are written on the page. */
export function money(value: number | undefined): string {
  return (value ?? 0).toFixed(2);
}

export function kilometres(meters: number | undefined): string {
  return `${((meters ?? 0) / 1000).toFixed(1)} km`;
}

/** Timespans arrive as `HH:MM:SS`; minutes are enough for a dispatcher. */
export function clock(timespan: string | undefined): string {
  return timespan ? timespan.replace(/^(-?\d+:\d\d):\d\d$/, '$1') : '–';
}

export function violationText(violation: { type: string; data?: { amount?: unknown; limit?: unknown } }): string {
  const { amount, limit } = violation.data ?? {};
  const detail = amount !== undefined ? ` (${String(amount)}${limit !== undefined ? ` over ${String(limit)}` : ''})` : '';
  return `${violation.type.replace(/_/g, ' ')}${detail}`;
}

/** Colours that stay apart from each other and from the road colours. */
const ROUTE_COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#e377c2', '#8c564b', '#bcbd22', '#393b79'];

export function routeColour(index: number): string {
  return ROUTE_COLOURS[index % ROUTE_COLOURS.length]!;
}
