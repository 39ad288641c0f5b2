// Copies the codicon font and stylesheet from the @vscode/codicons package into media/codicons/,
// the only folder the preview webview may load from (localResourceRoots). Run before packaging or
// launching the extension; media/codicons/ is generated, not committed.
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const source = join(dirname(createRequire(import.meta.url).resolve('@vscode/codicons/package.json')), 'dist');
const target = join(root, 'media', 'codicons');
mkdirSync(target, { recursive: true });
for (const file of ['codicon.css', 'codicon.ttf']) copyFileSync(join(source, file), join(target, file));
