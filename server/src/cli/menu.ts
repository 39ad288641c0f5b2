/**
 * `filer-manifest menu <plugin> --select <names...> | --folder <name>`: the context menu Filer would
 * build for that selection, from the engine's computeContextMenu (what the preview panel shows).
 */
import { analyzeManifest, computeContextMenu, recognizeContent } from '../engine';
import { formatMenuJson, formatMenuText } from './formats/menu';
import { displayPath, PathError, readManifest, resolveManifestPaths } from './manifestFiles';
import type { MenuCommand } from './reviewArgs';

export function runMenu(command: MenuCommand, cwd: string, write: (text: string) => void): number {
  const { paths, errors } = resolveManifestPaths([command.plugin], cwd);
  if (errors.length > 0) throw errors[0];
  if (paths.length !== 1 || paths[0] === '-') {
    throw new PathError(
      `${command.plugin}: ${paths.length} manifests below this folder; name one plugin's manifest.json or folder.`,
    );
  }
  const input = readManifest(paths[0], cwd);
  const file = displayPath(input.absolutePath, cwd);
  const { document, model } = analyzeManifest(input.text);
  const recognition = recognizeContent(document.value);
  if (recognition.kind !== 'filer')
    throw new PathError(
      `${file}: not a Filer manifest (${recognition.kind === 'empty' ? 'an empty object' : recognition.reason}).`,
    );
  const menu = computeContextMenu(model, command.selection);
  write(command.format === 'json' ? formatMenuJson(file, menu) : formatMenuText(file, menu));
  return 0;
}
