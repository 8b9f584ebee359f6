/**
 * Writes the installable app's icons (web/public/icons/*.png, named in web/public/manifest.webmanifest)
 * from the logo's shapes (web/public/favicon.svg): a tiny rasterizer and PNG encoder on node:zlib, so
 * no image library or native addon is needed. Rerun after changing the logo:
 *
 *   npx tsx scripts/write-app-icons.ts
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { crc32, deflateSync } from "node:zlib";

type Rgb = readonly [number, number, number];
type Point = readonly [number, number];

const NAVY: Rgb = [0x0f, 0x17, 0x2a];
const AMBER: Rgb = [0xf5, 0x9e, 0x0b];
const GOLD: Rgb = [0xfc, 0xd3, 0x4d];

/** The favicon's two bars, in its 32 x 32 box. */
const BARS: ReadonlyArray<{ fill: Rgb; points: Point[] }> = [
  {
    fill: AMBER,
    points: [
      [7, 21],
      [25, 21],
      [22, 12],
      [10, 12],
    ],
  },
  {
    fill: GOLD,
    points: [
      [10, 12],
      [22, 12],
      [20.5, 8],
      [11.5, 8],
    ],
  },
];

function insidePolygon([x, y]: Point, points: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i]!;
    const [xj, yj] = points[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function insideRoundedSquare([x, y]: Point, size: number, radius: number): boolean {
  if (x < 0 || y < 0 || x > size || y > size) return false;
  const cx = Math.min(Math.max(x, radius), size - radius);
  const cy = Math.min(Math.max(y, radius), size - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/**
 * `maskable`: the background fills the square (the platform cuts its own shape) and the bars sit in
 * a box of 80 % (the bars well inside the safe circle every mask keeps); otherwise the favicon as drawn.
 */
function render(size: number, maskable: boolean): Buffer {
  const samples = 4;
  // Box units (32 per icon) per pixel, and where the bars' box starts.
  const scale = maskable ? 32 / (size * 0.8) : 32 / size;
  const offset = maskable ? -32 * (0.1 / 0.8) : 0;
  const rgba = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let covered = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const point: Point = [
            offset + (px + (sx + 0.5) / samples) * scale,
            offset + (py + (sy + 0.5) / samples) * scale,
          ];
          const background = maskable || insideRoundedSquare(point, 32, 7);
          if (!background) continue;
          const fill = BARS.findLast((bar) => insidePolygon(point, bar.points))?.fill ?? NAVY;
          r += fill[0];
          g += fill[1];
          b += fill[2];
          covered++;
        }
      }
      const at = (py * size + px) * 4;
      if (covered === 0) continue;
      rgba[at] = Math.round(r / covered);
      rgba[at + 1] = Math.round(g / covered);
      rgba[at + 2] = Math.round(b / covered);
      rgba[at + 3] = Math.round((255 * covered) / samples ** 2);
    }
  }
  return encodePng(size, size, rgba);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGBA PNG, each row unfiltered. */
export function encodePng(width: number, height: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++)
    rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The files the manifest names. */
export const APP_ICONS = [
  { file: "icon-192.png", size: 192, maskable: false },
  { file: "icon-512.png", size: 512, maskable: false },
  { file: "icon-maskable-512.png", size: 512, maskable: true },
  { file: "apple-touch-icon.png", size: 180, maskable: true },
] as const;

if (import.meta.main) {
  const dir = join(import.meta.dirname, "..", "web", "public", "icons");
  mkdirSync(dir, { recursive: true });
  for (const icon of APP_ICONS) writeFileSync(join(dir, icon.file), render(icon.size, icon.maskable));
  console.log(`Wrote ${APP_ICONS.length} icons to ${dir}`);
}
