/**
 * The rule pages and the reference they quote, as the .vsix ships them: one file, dist/docs.json (scripts/build.mjs
 * writes it from docs/rules/ and docs/reference/), not 119. A .vsix is a zip, which compresses each file on its own:
 * the pages took 115 KB of it as files, and take a third of that as one. The extension shows them as read-only
 * documents at `filer-docs:/docs/rules/<code>.md` and `filer-docs:/docs/reference/<name>.txt`; a page's relative
 * links (README.md, ../reference/…) lead to the others there. Nothing is written to disk.
 *
 * A diagnostic's code links to its rule's page rendered, in VS Code's Markdown preview: the server links it to
 * `<uriScheme>://<extension id>/docs/rules/<code>.md` (`initializationOptions.rulePages`), an address of VS Code's own
 * scheme that it hands to the extension's URI handler, without leaving the editor (a `command:` link is not run from a
 * diagnostic's hover), and the handler opens the preview of the page at `filer-docs:` (pagePathOfLink, below).
 * The file is read with what the extension is given (`workspace.fs` in VS Code), on the desktop and on the web alike.
 */

export const docsScheme = 'filer-docs';

/**
 * The address the server links each rule's page under (`<address><code>.md`): VS Code's scheme (`vscode.env.uriScheme`:
 * `vscode`, `code-oss` in code-server) and the extension's id, which route it to the extension's URI handler.
 */
export function rulePagesAddress(uriScheme: string, extensionId: string): string {
  return `${uriScheme}://${extensionId}/docs/rules/`;
}

/**
 * The path of the shipped page a link to the URI handler names (`/docs/rules/tools.id-dot.md`, from the link's path),
 * or undefined for any path that is not one of the pages `docs` holds: a link from elsewhere opens nothing else.
 */
export async function pagePathOfLink(docs: ShippedDocs, linkPath: string): Promise<string | undefined> {
  if (!/^\/docs\/rules\/[\w.-]+\.md$/.test(linkPath)) return undefined;
  return (await docs.text(linkPath)) === undefined ? undefined : linkPath;
}

/** dist/docs.json: every page's text by its path in the repository (`docs/rules/tools.id-dot.md`). */
export class ShippedDocs {
  private texts: Promise<ReadonlyMap<string, string>> | undefined;

  /** `read`: the bytes of dist/docs.json. */
  constructor(private readonly read: () => PromiseLike<Uint8Array>) {}

  /** The text of the page at `path` (a `filer-docs:` URI's path: `/docs/rules/tools.id-dot.md`), if one is shipped. */
  async text(path: string): Promise<string | undefined> {
    // Read on the first page opened, not at activation.
    this.texts ??= Promise.resolve(this.read()).then(parseDocs);
    return (await this.texts).get(path.startsWith('/') ? path.slice(1) : path);
  }
}

function parseDocs(bytes: Uint8Array): ReadonlyMap<string, string> {
  const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
  const texts = new Map<string, string>();
  if (typeof parsed === 'object' && parsed !== null)
    for (const [path, text] of Object.entries(parsed)) if (typeof text === 'string') texts.set(path, text);
  return texts;
}
