/**
 * The seeded demo products' photos: a small SVG per product drawn from what it is (a coin, a set of
 * coins, a bar, a chain or a bracelet), in its metal's colours, stamped with its weight and purity and
 * captioned with its name, so the photo matches the listing. Made here, with no network; the files
 * under web/public/images/products/demo/ are this module's output (`npm run seed:art` writes them, a
 * unit test checks they are current).
 */
import type { MetalType } from "#shared/constants";

export type ArtShape = "coin" | "coin-set" | "bar" | "chain" | "bracelet";

export interface ProductArt {
  slug: string;
  name: string;
  metalType: MetalType;
  shape: ArtShape;
  weight?: string;
  purity?: string;
}

export const DEMO_ART_DIR = "images/products/demo";

export const demoPhotoUrl = (slug: string) => `/${DEMO_ART_DIR}/${slug}.svg`;

/** Light, middle and dark tone of each metal, and the ink its stamp is struck in. */
const METAL: Record<MetalType, { light: string; mid: string; dark: string; ink: string; word: string }> = {
  gold: { light: "#fef3c7", mid: "#f59e0b", dark: "#92400e", ink: "#78350f", word: "GOLD" },
  silver: { light: "#ffffff", mid: "#cbd5e1", dark: "#64748b", ink: "#334155", word: "SILVER" },
  platinum: { light: "#f1f5f9", mid: "#a5b4c4", dark: "#4b5563", ink: "#1f2937", word: "PLATINUM" },
  mixed: { light: "#fef3c7", mid: "#cbd5e1", dark: "#64748b", ink: "#334155", word: "MIXED" },
};

const xml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** "1oz" -> "1 OZ", ".999" -> ".999 FINE". */
function stamp(art: ProductArt): { weight: string; purity: string } {
  return {
    weight: (art.weight ?? "").replace(/([0-9.])\s*([a-z]+)$/i, "$1 $2").toUpperCase(),
    purity: art.purity ? `${art.purity.toUpperCase()} FINE` : "",
  };
}

function coin(cx: number, cy: number, r: number, art: ProductArt): string {
  const { weight, purity } = stamp(art);
  const metal = METAL[art.metalType];
  const size = Math.round(r / 4);
  return [
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#face)" stroke="${metal.dark}" stroke-width="6" filter="url(#shadow)"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r - 18}" fill="none" stroke="${metal.dark}" stroke-width="3" stroke-dasharray="2 6"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r - 34}" fill="none" stroke="${metal.dark}" stroke-width="2" opacity="0.6"/>`,
    weight
      ? `<text x="${cx}" y="${cy}" text-anchor="middle" font-size="${size}" font-weight="bold" fill="${metal.ink}">${xml(weight)}</text>`
      : "",
    `<text x="${cx}" y="${cy + size}" text-anchor="middle" font-size="${Math.round(size * 0.55)}" letter-spacing="2" fill="${metal.ink}">${xml(purity || metal.word)}</text>`,
    purity
      ? `<text x="${cx}" y="${cy + size * 1.7}" text-anchor="middle" font-size="${Math.round(size * 0.55)}" letter-spacing="2" fill="${metal.ink}">${metal.word}</text>`
      : "",
  ].join("");
}

function bar(art: ProductArt): string {
  const { weight, purity } = stamp(art);
  const metal = METAL[art.metalType];
  return [
    `<g filter="url(#shadow)">`,
    `<path d="M210 170 H590 L640 360 H160 Z" fill="url(#face)" stroke="${metal.dark}" stroke-width="4"/>`,
    `<path d="M160 360 H640 V410 H160 Z" fill="${metal.dark}"/>`,
    `</g>`,
    `<rect x="255" y="200" width="290" height="130" rx="10" fill="none" stroke="${metal.dark}" stroke-width="3"/>`,
    `<text x="400" y="250" text-anchor="middle" font-size="34" font-weight="bold" letter-spacing="6" fill="${metal.ink}">${metal.word}</text>`,
    weight
      ? `<text x="400" y="292" text-anchor="middle" font-size="30" font-weight="bold" fill="${metal.ink}">${xml(weight)}</text>`
      : "",
    purity
      ? `<text x="400" y="320" text-anchor="middle" font-size="18" letter-spacing="3" fill="${metal.ink}">${xml(purity)}</text>`
      : "",
  ].join("");
}

/** Links along a curve, alternately tilted: a rope chain. */
function chain(art: ProductArt): string {
  const metal = METAL[art.metalType];
  const links: string[] = [];
  for (let i = 0; i <= 28; i++) {
    const t = i / 28;
    const x = 130 + t * 540;
    const y = 150 + Math.sin(t * Math.PI) * 240;
    const angle = Math.round((Math.atan2(Math.cos(t * Math.PI) * 240 * Math.PI, 540) * 180) / Math.PI);
    const tilt = i % 2 === 0 ? 35 : -35;
    links.push(
      `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="22" ry="11" transform="rotate(${angle + tilt} ${x.toFixed(1)} ${y.toFixed(1)})" fill="none" stroke="url(#face)" stroke-width="8"/>`,
    );
  }
  const { weight, purity } = stamp(art);
  return [
    `<g filter="url(#shadow)">${links.join("")}</g>`,
    `<rect x="330" y="186" width="140" height="56" rx="8" fill="${metal.mid}" stroke="${metal.dark}" stroke-width="3"/>`,
    `<text x="400" y="222" text-anchor="middle" font-size="24" font-weight="bold" fill="${metal.ink}">${xml(purity || weight || metal.word)}</text>`,
  ].join("");
}

function bracelet(art: ProductArt): string {
  const metal = METAL[art.metalType];
  const facets: string[] = [];
  for (let i = 0; i < 36; i++) {
    const a = (i / 36) * 2 * Math.PI;
    const x = 400 + Math.cos(a) * 210;
    const y = 270 + Math.sin(a) * 120;
    facets.push(
      `<rect x="${(x - 9).toFixed(1)}" y="${(y - 14).toFixed(1)}" width="18" height="28" rx="3" transform="rotate(${Math.round((a * 180) / Math.PI + 90)} ${x.toFixed(1)} ${y.toFixed(1)})" fill="${i % 2 ? metal.light : metal.mid}" stroke="${metal.dark}" stroke-width="2"/>`,
    );
  }
  const { purity } = stamp(art);
  return [
    `<ellipse cx="400" cy="270" rx="210" ry="120" fill="none" stroke="url(#face)" stroke-width="34" filter="url(#shadow)"/>`,
    facets.join(""),
    `<text x="400" y="282" text-anchor="middle" font-size="30" font-weight="bold" fill="${metal.light}">${xml(purity || metal.word)}</text>`,
  ].join("");
}

/** The product's photo as an SVG document (800 × 600, a few KB). */
export function productPhotoSvg(art: ProductArt): string {
  const metal = METAL[art.metalType];
  const subject =
    art.shape === "coin"
      ? coin(400, 270, 190, art)
      : art.shape === "coin-set"
        ? // The set's weight is the whole set's: its coins are struck with the purity only.
          [250, 550, 400]
            .map((x, i) => coin(x, i === 2 ? 230 : 300, i === 2 ? 150 : 130, { ...art, weight: undefined }))
            .join("")
        : art.shape === "bar"
          ? bar(art)
          : art.shape === "chain"
            ? chain(art)
            : bracelet(art);
  const title = xml(art.name);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" role="img" aria-labelledby="title" font-family="Georgia, serif">
<title id="title">${title}</title>
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1e293b"/><stop offset="1" stop-color="#0b1220"/></linearGradient>
<linearGradient id="face" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${metal.light}"/><stop offset="0.5" stop-color="${metal.mid}"/><stop offset="1" stop-color="${metal.dark}"/></linearGradient>
<filter id="shadow" x="-20%" y="-20%" width="140%" height="160%"><feDropShadow dx="0" dy="10" stdDeviation="10" flood-color="#000" flood-opacity="0.5"/></filter>
</defs>
<rect width="800" height="600" fill="url(#bg)"/>
${subject}
<text x="400" y="540" text-anchor="middle" font-size="34" font-weight="bold" fill="#f8fafc">${title}</text>
</svg>
`;
}
