// Writes the site's fixed images into web/public (copied as they are into dist/web by the build):
// the link-preview image (og-image.png, 1200×630), the web app manifest's icons and favicon.ico,
// all drawn from web/src/assets/logo.svg. Run after changing the logo: npx tsx scripts/site-images.ts
import fs from 'node:fs';
import sharp from 'sharp';

const logo = fs.readFileSync('web/src/assets/logo.svg', 'utf8');
const inner = logo.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
const out = (name: string) => `web/public/${name}`;

const preview = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#eef2ff"/>
  <g transform="translate(120 195) scale(3.75)">${inner}</g>
  <text x="420" y="300" font-family="DejaVu Sans, Arial, sans-serif" font-size="96" font-weight="bold" fill="#312e81">StudyNest</text>
  <text x="424" y="380" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" fill="#4338ca">Study sessions with tutors</text>
</svg>`;
await sharp(Buffer.from(preview)).png({ compressionLevel: 9, palette: true }).toFile(out('og-image.png'));
for (const size of [192, 512]) await sharp(Buffer.from(logo)).resize(size, size).png({ compressionLevel: 9 }).toFile(out(`icon-${size}.png`));

// An .ico holding one 32×32 PNG (every browser reads PNG-in-ICO).
const png = await sharp(Buffer.from(logo)).resize(32, 32).png({ compressionLevel: 9 }).toBuffer();
const header = Buffer.alloc(6 + 16);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(1, 4); // one image
header.writeUInt8(32, 6); // width
header.writeUInt8(32, 7); // height
header.writeUInt8(0, 8); // no palette
header.writeUInt8(0, 9);
header.writeUInt16LE(1, 10); // planes
header.writeUInt16LE(32, 12); // bits per pixel
header.writeUInt32LE(png.length, 14);
header.writeUInt32LE(22, 18); // offset of the image
fs.writeFileSync(out('favicon.ico'), Buffer.concat([header, png]));
console.log('wrote web/public/og-image.png, icon-192.png, icon-512.png, favicon.ico');
