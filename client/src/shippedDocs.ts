/**
 * The rule pages and the reference they quote, as the .vsix ships them: one file, dist/docs.json (scripts/build.mjs
 * writes it from docs/rules/ and docs/reference/), not 119. A .vsix is a zip, which compresses each file on its own:
 * the pages took 115 KB of it as files, and take a third of that as one. The extension shows them as read-only
 * documents at `filer-docs:/docs/rules/<code>.md` and `filer-docs:/docs/reference/<name>.txt`, and the server links
 * a diagnostic's code to the first (`initializationOptions.rulePages`), so a page opens offline as the file did; a
 * page's relative links (README.md, ../reference/…) lead to the others there. Nothing is written to disk.
 */
import { readFileSync } from 'node:fs';

export const docsScheme = 'filer-docs';
/** The address the server links each rule's page under: `<rulePagesAddress><code>.md`. */
export const rulePagesAddress = `${docsScheme}:/docs/rules/`;

/** dist/docs.json: every page's text by its path in the repository (`docs/rules/tools.id-dot.md`). */
export class ShippedDocs {
  private texts: ReadonlyMap<string, string> | undefined;

  constructor(private readonly file: string) {}

  /** The text of the page at `path` (a `filer-docs:` URI's path: `/docs/rules/tools.id-dot.md`), if one is shipped. */
  text(path: string): string | undefined {
    // Read on the first page opened, not at activation.
    this.texts ??= readDocs(this.file);
    return this.texts.get(path.startsWith('/') ? path.slice(1) : path);
  }
}

function readDocs(file: string): ReadonlyMap<string, string> {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const texts = new Map<string, string>();
  if (typeof parsed === 'object' && parsed !== null)
    for (const [path, text] of Object.entries(parsed)) if (typeof text === 'string') texts.set(path, text);
  return texts;
}
