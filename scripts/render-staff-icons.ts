/**
 * Renders the staff app's PNG icons (home screen, splash, maskable) from staff/public/icon.svg with
 * Debian's Chromium. Run again after changing the SVG: `node --import tsx scripts/render-staff-icons.ts`.
 * The maskable icon keeps the mark inside the 80 % safe zone on the brand colour.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { projectRoot } from '../stack/src/config.ts';

const publicDir = path.join(projectRoot, 'staff/public');
const svg = readFileSync(path.join(publicDir, 'icon.svg'), 'utf8');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  const render = async (file: string, size: number, inset: number, background: string) => {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<body style="margin:0;background:${background};display:grid;place-items:center;width:${size}px;height:${size}px">` +
        `<div style="width:${size - 2 * inset}px;height:${size - 2 * inset}px">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div></body>`,
    );
    await page.screenshot({ path: path.join(publicDir, file), omitBackground: background === 'transparent' });
  };
  await render('icon-192.png', 192, 0, 'transparent');
  await render('icon-512.png', 512, 0, 'transparent');
  await render('icon-maskable-512.png', 512, 56, '#0b7285');
} finally {
  await browser.close();
}
