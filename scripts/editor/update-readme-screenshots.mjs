// Copies the screenshots the README shows from the last real-editor run (test-results/screenshots/,
// taken by test/editor/ui.test.ts from the extension as built) into docs/screenshots/.
// Run after `npm run test:editor`: npm run screenshots
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
];
const missing = shown.filter((name) => !existsSync(join(source, name)));
if (missing.length > 0) {
  console.error(`npm run screenshots: ${missing.join(', ')} not in test-results/screenshots/: run npm run test:editor first.`);
  process.exit(1);
}
mkdirSync(target, { recursive: true });
for (const name of shown) copyFileSync(join(source, name), join(target, name));
console.log(`copied ${shown.length} screenshots to docs/screenshots/`);
