/**
 * Screenshots against reference images: a small PNG decoder (8-bit greyscale, RGB and RGBA, not interlaced, as
 * chromium writes them) and a per-pixel comparison with a tolerance per channel.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { inflateSync } from 'node:zlib';

export interface Image {
  width: number;
  height: number;
  /** Four bytes per pixel. */
  rgba: Uint8Array;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

function unfilter(data: Buffer, width: number, height: number, bpp: number): Uint8Array {
  const stride = width * bpp;
  const out = new Uint8Array(stride * height);
  for (let row = 0; row < height; row++) {
    const filter = data[row * (stride + 1)]!;
    const source = row * (stride + 1) + 1;
    const target = row * stride;
    for (let i = 0; i < stride; i++) {
      const left = i >= bpp ? out[target + i - bpp]! : 0;
      const up = row > 0 ? out[target - stride + i]! : 0;
      const upLeft = row > 0 && i >= bpp ? out[target - stride + i - bpp]! : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter];
      if (predictor === undefined) throw new Error(`PNG filter ${filter} is unknown`);
      out[target + i] = (data[source + i]! + predictor) & 0xff;
    }
  }
  return out;
}

export function decodePng(png: Buffer): Image {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let offset = 8;
  let width = 0, height = 0, channels = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      channels = CHANNELS[body[9]!] ?? 0;
      if (body[8] !== 8 || channels === 0 || body[12] !== 0) throw new Error('only 8-bit, non-interlaced, non-palette PNGs are read');
    } else if (type === 'IDAT') idat.push(body);
    offset += 12 + length;
  }
  const pixels = unfilter(inflateSync(Buffer.concat(idat)), width, height, channels);
  const rgba = new Uint8Array(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    const [r, g, b, a] = channels >= 3
      ? [pixels[p * channels]!, pixels[p * channels + 1]!, pixels[p * channels + 2]!, channels === 4 ? pixels[p * channels + 3]! : 255]
      : [pixels[p * channels]!, pixels[p * channels]!, pixels[p * channels]!, channels === 2 ? pixels[p * channels + 1]! : 255];
    rgba.set([r, g, b, a], p * 4);
  }
  return { width, height, rgba };
}

/** Share of pixels whose channels differ by more than `tolerance` (0–255); 1 when the sizes differ. */
export function differingShare(actual: Image, expected: Image, tolerance = 40): number {
  if (actual.width !== expected.width || actual.height !== expected.height) return 1;
  let differing = 0;
  for (let p = 0; p < actual.rgba.length; p += 4) {
    for (let c = 0; c < 4; c++) {
      if (Math.abs(actual.rgba[p + c]! - expected.rgba[p + c]!) > tolerance) {
        differing++;
        break;
      }
    }
  }
  return differing / (actual.width * actual.height);
}

/** Share of pixels whose colour differs from the most common one: how much is drawn on a background. */
export function drawnShare(image: Image): number {
  const counts = new Map<number, number>();
  for (let p = 0; p < image.rgba.length; p += 4) {
    const colour = (image.rgba[p]! << 16) | (image.rgba[p + 1]! << 8) | image.rgba[p + 2]!;
    counts.set(colour, (counts.get(colour) ?? 0) + 1);
  }
  return 1 - Math.max(...counts.values()) / (image.width * image.height);
}

/**
 * The screenshot's share of pixels differing from its reference. A missing reference fails, unless
 * FLEETROUTE_UPDATE_REFERENCE=1 asks to write it from this screenshot (then the share is 0).
 */
export function compareWithReference(screenshot: Buffer, referencePath: string): number {
  if (process.env.FLEETROUTE_UPDATE_REFERENCE === '1') {
    mkdirSync(dirname(referencePath), { recursive: true });
    writeFileSync(referencePath, screenshot);
  }
  if (!existsSync(referencePath)) throw new Error(`${referencePath} is missing: run once with FLEETROUTE_UPDATE_REFERENCE=1 and review the image`);
  return differingShare(decodePng(screenshot), decodePng(readFileSync(referencePath)));
}
