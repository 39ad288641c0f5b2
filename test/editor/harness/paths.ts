import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The repository root (this file runs from out/test/editor/harness/). */
export const repoRoot = resolve(__dirname, '..', '..', '..', '..');
export const screenshotDir = join(repoRoot, 'test-results', 'screenshots');

/**
 * A throw-away workspace: the repository's examples/ and the editor fixtures (test/editor/workspace/),
 * copied so that the tests may edit, save and create files without touching the repository.
 */
export function makeWorkspace(name: string): { path: string; dispose(): void } {
  const path = mkdtempSync(join(tmpdir(), `filer-ws-${name}-`));
  const examples = join(repoRoot, 'examples');
  if (existsSync(examples)) cpSync(examples, join(path, 'examples'), { recursive: true });
  cpSync(join(repoRoot, 'test', 'editor', 'workspace'), join(path, 'fixtures'), { recursive: true });
  mkdirSync(screenshotDir, { recursive: true });
  return { path, dispose: () => rmSync(path, { recursive: true, force: true }) };
}
