import type { Random } from './random.ts';

/** `text` safe inside SVG text and attributes. */
export const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A demo photo drawn locally as SVG (no downloads): a colour gradient in the category's hue,
 * soft shapes and the category's name, 1200 x 900 units (rasterise it at the size wanted; the
 * upload pipeline turns it into the WebP sizes).
 */
export function demoPhotoSvg(label: string, sublabel: string, hue: number, random: Random): Buffer {
  const h2 = (hue + 35 + random.int(0, 40)) % 360;
  const shapes: string[] = [];
  for (let i = 0; i < 7; i++) {
    const x = random.int(0, 1200);
    const y = random.int(0, 900);
    const r = random.int(60, 260);
    const light = random.int(55, 85);
    const opacity = (random.int(15, 45) / 100).toFixed(2);
    shapes.push(
      random.chance(0.5)
        ? `<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${(hue + i * 23) % 360},70%,${light}%)" opacity="${opacity}"/>`
        : `<rect x="${x - r}" y="${y - r / 2}" width="${r * 2}" height="${r}" rx="${r / 4}" transform="rotate(${random.int(-30, 30)} ${x} ${y})" fill="hsl(${(h2 + i * 17) % 360},65%,${light}%)" opacity="${opacity}"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},62%,46%)"/><stop offset="1" stop-color="hsl(${h2},58%,28%)"/>
  </linearGradient></defs>
  <rect width="1200" height="900" fill="url(#g)"/>
  ${shapes.join('\n  ')}
  <text x="600" y="470" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="96" font-weight="bold"
    text-anchor="middle" fill="#ffffff" opacity="0.92">${escapeXml(label)}</text>
  <text x="600" y="560" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="44"
    text-anchor="middle" fill="#ffffff" opacity="0.8">${escapeXml(sublabel)}</text>
</svg>`;
  return Buffer.from(svg, 'utf8');
}
