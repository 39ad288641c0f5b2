import type { DocumentLink } from 'vscode-languageserver';
import {
  containsDotDot,
  fileReferences,
  isAbsolutePath,
  normalizeRelativePath,
  type FileReference,
  type ManifestModel,
  type ParsedDocument,
} from '../../engine';
import { stringContent } from '../symbolIndex';

/**
 * The files named by `schema`, `handler`, `prompt`, hook handlers, command handlers and `command`, that stay in the
 * plugin folder.
 */
export function linkableReferences(model: ManifestModel): FileReference[] {
  return fileReferences(model).filter((reference) => {
    const path = reference.filePath;
    return !containsDotDot(path) && !isAbsolutePath(path) && normalizeRelativePath(path) !== '';
  });
}

/**
 * Document links that open those files; the link covers the path, without its quotes. `fileUri` is
 * undefined for a path that leads out of the plugin folder (files.outside): no link is offered there.
 */
export function documentLinks(
  document: ParsedDocument,
  model: ManifestModel,
  fileUri: (relativePath: string) => string | undefined,
): DocumentLink[] {
  return linkableReferences(model).flatMap((reference) => {
    const target = fileUri(normalizeRelativePath(reference.filePath));
    if (target === undefined) return [];
    const content = stringContent(reference.node, document.text);
    return [
      {
        range: document.lines.rangeOf(content.offset, content.length),
        target,
        tooltip: `Open ${normalizeRelativePath(reference.filePath)}`,
      },
    ];
  });
}
