/**
 * The served map's roads, drawn on canvas tiles from `/ui/tiles/{z}/{x}/{y}` (docs/ui.md): no WebGL, no tiles or
 * fonts from the internet. Each class has a casing and a fill whose widths grow with the zoom; street names
 * (which the service sends from the zoom where they fit) are written along their longest stretch.
 */
interface RoadTile {
  classes: string[];
  names: string[];
  roads: number[][];
}

/** Tile units per tile side, as the service cuts them. */
const TILE_EXTENT = 4096;

interface ClassStyle {
  fill: string;
  casing: string;
  /** Fill width in pixels at zoom 16; it halves with each zoom level out. */
  width: number;
}

const STYLES: Record<string, ClassStyle> = {
  motorway: { fill: '#e892a2', casing: '#c24e6b', width: 10 },
  trunk: { fill: '#f9b29c', casing: '#c84e2f', width: 10 },
  primary: { fill: '#fcd6a4', casing: '#a06b00', width: 9 },
  secondary: { fill: '#f7fabf', casing: '#707d05', width: 8 },
  tertiary: { fill: '#ffffff', casing: '#8f8f8f', width: 7 },
  residential: { fill: '#ffffff', casing: '#a8a8a8', width: 6 },
  service: { fill: '#ffffff', casing: '#bbbbbb', width: 3 },
  ferry: { fill: 'rgba(0,0,0,0)', casing: '#6a8fd0', width: 2 },
};

function styleOf(roadClass: string): ClassStyle {
  const base = roadClass.replace(/_link$/, '');
  if (base in STYLES) return STYLES[base]!;
  return base === 'shuttle_train' ? STYLES.ferry! : STYLES.residential!;
}

function widthAt(style: ClassStyle, zoom: number): number {
  return Math.max(1, style.width * 2 ** ((zoom - 16) / 1.5));
}

function tracePath(context: CanvasRenderingContext2D, road: number[], scale: number): void {
  context.beginPath();
  context.moveTo(road[2]! * scale, road[3]! * scale);
  for (let i = 4; i < road.length; i += 2) context.lineTo(road[i]! * scale, road[i + 1]! * scale);
}

function drawRoads(context: CanvasRenderingContext2D, tile: RoadTile, zoom: number, size: number): void {
  const scale = size / TILE_EXTENT;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const pass of ['casing', 'fill'] as const) {
    for (const road of tile.roads) {
      const style = styleOf(tile.classes[road[0]!] ?? 'residential');
      const width = widthAt(style, zoom);
      context.strokeStyle = style[pass];
      context.lineWidth = pass === 'casing' ? width + 2 : width;
      tracePath(context, road, scale);
      context.stroke();
    }
  }
}

/** The longest segment of a road: where its name fits best. */
function longestSegment(road: number[]): [number, number, number, number] {
  let best: [number, number, number, number] = [road[2]!, road[3]!, road[4]!, road[5]!];
  for (let i = 2; i + 3 < road.length; i += 2) {
    const segment: [number, number, number, number] = [road[i]!, road[i + 1]!, road[i + 2]!, road[i + 3]!];
    if (Math.hypot(segment[2] - segment[0], segment[3] - segment[1]) > Math.hypot(best[2] - best[0], best[3] - best[1])) best = segment;
  }
  return best;
}

function drawNames(context: CanvasRenderingContext2D, tile: RoadTile, size: number): void {
  const scale = size / TILE_EXTENT;
  const written = new Set<number>();
  context.font = '11px sans-serif';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillStyle = '#333333';
  context.strokeStyle = 'rgba(255,255,255,0.9)';
  context.lineWidth = 3;
  for (const road of tile.roads) {
    const name = tile.names[road[1]!];
    if (name === undefined || written.has(road[1]!)) continue;
    let [x0, y0, x1, y1] = longestSegment(road).map((value) => value * scale) as [number, number, number, number];
    if (x1 < x0) [x0, y0, x1, y1] = [x1, y1, x0, y0];
    const length = Math.hypot(x1 - x0, y1 - y0);
    if (context.measureText(name).width > length) continue;
    written.add(road[1]!);
    context.save();
    context.translate((x0 + x1) / 2, (y0 + y1) / 2);
    context.rotate(Math.atan2(y1 - y0, x1 - x0));
    context.strokeText(name, 0, 0);
    context.fillText(name, 0, 0);
    context.restore();
  }
}

export function roadLayer(): L.GridLayer {
  const RoadLayer: new (options: L.GridLayerOptions) => L.GridLayer = L.GridLayer.extend({
    createTile(this: L.GridLayer, coords: L.Coords, done: L.DoneCallback): HTMLElement {
      const size = this.getTileSize();
      const ratio = window.devicePixelRatio || 1;
      const canvas = document.createElement('canvas');
      canvas.width = size.x * ratio;
      canvas.height = size.y * ratio;
      fetch(`/ui/tiles/${coords.z}/${coords.x}/${coords.y}`)
        .then(async (response) => {
          if (!response.ok) throw new Error(`road tile ${coords.z}/${coords.x}/${coords.y}: HTTP ${response.status}`);
          const tile = (await response.json()) as RoadTile;
          const context = canvas.getContext('2d')!;
          context.scale(ratio, ratio);
          drawRoads(context, tile, coords.z, size.x);
          drawNames(context, tile, size.x);
          done(undefined, canvas);
        })
        .catch((error: Error) => done(error, canvas));
      return canvas;
    },
  });
  return new RoadLayer({ maxZoom: 19, attribution: 'Map data © OpenStreetMap contributors' });
}
