// Renders media/icon.svg to media/icon.png (128×128, the Marketplace's size) with Debian's Chromium.
// Run after editing the SVG: node scripts/editor/render-icon.mjs
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumPath } from './tools.mjs';

const media = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'media');
const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 128, height: 128 } });
  await page.setContent(`<body style="margin:0">${readFileSync(join(media, 'icon.svg'), 'utf8')}</body>`);
  await page.locator('svg').screenshot({ path: join(media, 'icon.png'), omitBackground: true });
} finally {
  await browser.close();
}
