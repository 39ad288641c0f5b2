/**
 * Whether a manifest.json is a Filer plugin manifest, from its content: the editor serves only those
 * (server/src/lsp/manifestRecognition.ts adds the settings' globs), and the CLI's folder search checks
 * only those. Never a browser-extension or web-app manifest.
 */

export const manifestFileName = 'manifest.json';

/**
 * `filer`: validated and served; `empty`: a blank manifest.json, offered a new-manifest snippet; `other`: left alone.
 */
type ManifestKind = 'filer' | 'empty' | 'other';

export interface Recognition {
  kind: ManifestKind;
  /** Why, in words for a status line: `has contributes`, `forced in by filerManifest.files.include`. */
  reason: string;
  /**
   * `other` only: the manifest is recognizably another kind, not merely unlike a Filer one (the CLI
   * checks the manifest.json of a plugin folder the user names unless it is another kind).
   */
  anotherKind?: 'browser-extension' | 'web-app';
}

/** A manifest's text and (asked for only when the text is not blank) its parsed root value. */
export function recognizeText(text: string, rootValue: () => unknown): Recognition {
  if (text.trim() === '')
    return { kind: 'empty', reason: `empty ${manifestFileName}: completion offers a new Filer manifest` };
  return recognizeContent(rootValue());
}

/**
 * Whether a parsed root value looks like a Filer manifest, whatever its file is called (the CLI asks this of a --base
 * too).
 */
export function recognizeContent(root: unknown): Recognition {
  if (root === null || typeof root !== 'object' || Array.isArray(root))
    return { kind: 'other', reason: 'not a JSON object' };
  const keys = root as Record<string, unknown>;
  if (Object.keys(keys).length === 0)
    return { kind: 'empty', reason: `empty ${manifestFileName}: completion offers a new Filer manifest` };
  if (Object.hasOwn(keys, 'manifest_version')) {
    const reason = 'has manifest_version: a browser-extension manifest';
    return { kind: 'other', reason, anotherKind: 'browser-extension' };
  }
  if (Object.hasOwn(keys, 'start_url') || Object.hasOwn(keys, 'short_name')) {
    return { kind: 'other', reason: 'has start_url or short_name: a web app manifest', anotherKind: 'web-app' };
  }

  const marker = filerMarker(keys);
  return marker
    ? { kind: 'filer', reason: marker }
    : {
        kind: 'other',
        reason:
          'has none of contributes, engines.filer, capabilities, a Filer $schema, or name + displayName + version',
      };
}

function filerMarker(root: Record<string, unknown>): string | undefined {
  if (Object.hasOwn(root, 'contributes')) return 'has contributes';
  const engines = root.engines;
  if (engines !== null && typeof engines === 'object' && Object.hasOwn(engines, 'filer')) return 'has engines.filer';
  if (Object.hasOwn(root, 'capabilities')) return 'has capabilities';
  if (typeof root.$schema === 'string' && /filer/i.test(root.$schema)) return '$schema names the Filer manifest schema';
  if (Object.hasOwn(root, 'name') && Object.hasOwn(root, 'displayName') && Object.hasOwn(root, 'version'))
    return 'has name, displayName and version';
  return undefined;
}
