// Copies the screenshots the README shows from the last real-editor run (test-results/screenshots/,
// taken by test/editor/ui.test.ts from the extension as built) into docs/screenshots/, compressed with
// pngquant. Run after `npm run test:editor`: npm run screenshots
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDebianPackages } from './tools.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const source = join(root, 'test-results', 'screenshots');
const target = join(root, 'docs', 'screenshots');
const shown = [
  'squiggle-and-message.png',
  'hover-category.png',
  'quick-fix-menu.png',
  'quick-fix-applied.png',
  'completion-permissions.png',
  'preview-panel-dialog.png',
  'preview-panel-high-contrast.png',
  'preview-gating.png',
  'handler-finding.png',
];
const missing = shown.filter((name) => !existsSync(join(source, name)));
if (missing.length > 0) {
  console.error(
    `npm run screenshots: ${missing.join(', ')} not in test-results/screenshots/: run npm run test:editor first.`,
  );
  process.exit(1);
}
await ensureDebianPackages(['pngquant'], 'to compress the screenshots');
mkdirSync(target, { recursive: true });
for (const name of shown) {
  const result = spawnSync(
    'pngquant',
    ['--quality=60-85', '--speed=1', '--strip', '--force', '--output', join(target, name), join(source, name)],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) {
    console.error(
      `npm run screenshots: pngquant could not compress ${name} (exit ${result.status ?? result.error?.message}).`,
    );
    process.exit(1);
  }
}
console.log(`copied ${shown.length} compressed screenshots to docs/screenshots/`);
