import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Draws the install icons of the web app manifest from the logo (public/favicon.svg) with Debian's
 * Chromium, once, by hand: `npx tsx apps/web/scripts/make-icons.ts`. The PNGs are committed, so a
 * build needs no browser. The maskable icon fills its square with the logo's colour and keeps the
 * figure inside the central 80% that every launcher's mask leaves visible; iOS gets its own.
 */

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const logo = fs.readFileSync(path.join(web, 'public', 'favicon.svg'), 'utf8');
const figure = logo.slice(logo.indexOf('<g'), logo.lastIndexOf('</svg>'));
const BRAND = '#c2410c';

/** The figure on a full square of the logo's colour, scaled about the centre (launchers cut their own shape). */
const fullBleed = (scale: number) => {
  const offset = (64 * (1 - scale)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${figure}</g></svg>`;
};

const icons: { file: string; size: number; svg: string }[] = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  {
    file: 'icon-maskable-512.png',
    size: 512,
    // 70% of the square: well inside the 80% safe zone.
    svg: fullBleed(0.7),
  },
  // iOS ignores the manifest's icons for the home screen and rounds this one itself.
  { file: 'apple-touch-icon-180.png', size: 180, svg: fullBleed(0.85) },
];

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pushup-icons-'));
for (const { file, size, svg } of icons) {
  const page = path.join(work, `${file}.html`);
  const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
  fs.writeFileSync(page, `<html><body style="margin:0;background:transparent">${sized}</body></html>`);
  execFileSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--hide-scrollbars',
    '--default-background-color=00000000',
    `--window-size=${size},${size}`,
    `--screenshot=${path.join(web, 'public', 'icons', file)}`,
    `file://${page}`,
  ]);
  console.log(`public/icons/${file}: ${size} x ${size}`);
}
fs.rmSync(work, { recursive: true, force: true });
