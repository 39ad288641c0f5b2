import { syntaxCodes, type JsonPath, type ManifestDiagnostic } from '../engine';

/**
 * What VS Code's own JSON language features already show in an open manifest: they run beside this
 * server on every `json` and `jsonc` document (vscode-json-languageservice, configured by VS Code's JSON
 * extension). A client that says so in its initializationOptions (our VS Code extension does) is spared
 * seeing the same problem twice; every other client, and the CLI, gets everything. This file is the one
 * place that knows it; test/lsp/builtInJson.test.ts checks it against vscode-json-languageservice.
 *
 * They also give every such document an outline of their own, which no extension can withdraw (a
 * document filter's `exclusive` is a proposed API only): VS Code's Outline shows both, this server's
 * first (it lists an extension's outline before a built-in one's), and its breadcrumb follows the outline
 * that answered first among those with a symbol at the cursor. This server's outline has one root over
 * the whole manifest (features/documentSymbols.ts), so its breadcrumb has a place wherever the cursor is.
 */
export interface BuiltInJson {
  /** VS Code's JSON validation is on (`json.validate.enable`). */
  validate: boolean;
}

/** From `initializationOptions.builtInJson`; undefined when the client runs no such features. */
export function readBuiltInJson(initializationOptions: unknown): BuiltInJson | undefined {
  const option = (initializationOptions as { builtInJson?: unknown } | undefined)?.builtInJson;
  if (typeof option !== 'object' || option === null) return undefined;
  return { validate: (option as { validate?: unknown }).validate !== false };
}

/**
 * Our codes that VS Code's JSON validation reports at the same place, by language id. It validates
 * `json` with comments and trailing commas as errors, `jsonc` with comments allowed and trailing commas as
 * warnings; syntax errors and duplicate keys (every occurrence) in both. Where our tolerant parser finds
 * follow-on syntax errors after the place VS Code reports, they go with it: one break, shown once.
 */
const reportedCodes = new Map<string, ReadonlySet<string>>([
  ['json', new Set(['json.syntax', 'json.comment', 'json.trailing-comma', 'json.duplicate-key'])],
  ['jsonc', new Set(['json.syntax', 'json.trailing-comma', 'json.duplicate-key'])],
]);

/** An open document's diagnostics less those VS Code's JSON validation already shows in it. */
export function withoutBuiltInJsonDiagnostics(
  diagnostics: ManifestDiagnostic[],
  builtIn: BuiltInJson | undefined,
  languageId: string,
  text: string,
): ManifestDiagnostic[] {
  const codes = builtIn?.validate ? reportedCodes.get(languageId) : undefined;
  // An empty document is no error to VS Code: ours ("The manifest is empty") stays.
  if (!codes || text.trim() === '') return diagnostics;
  // What VS Code shows at a place covers every json.* diagnostic of ours there (a comment that is not closed is its
  // syntax error).
  const shownThere = new Set(diagnostics.filter((diagnostic) => codes.has(diagnostic.code)).map(placeOf));
  return diagnostics.filter(
    (diagnostic) =>
      !codes.has(diagnostic.code) && !(syntaxCodes.has(diagnostic.code) && shownThere.has(placeOf(diagnostic))),
  );
}

const placeOf = (diagnostic: ManifestDiagnostic) => `${diagnostic.offset}:${diagnostic.length}`;

/**
 * Keys VS Code's JSON completion proposes itself in the document `uri`: none in a file named
 * manifest.json, which our package.json associates (`jsonValidation`) with a schema that sets no rule,
 * so that VS Code's JSON support proposes nothing there (without a schema it would propose the values
 * it sees at the same key elsewhere in the file, and `true` and `false` again); in any other file (one
 * `filerManifest.files.include` takes in) `$schema`, in the root object.
 */
export function keyProposedByBuiltInJson(
  builtIn: BuiltInJson | undefined,
  uri: string,
  path: JsonPath,
  key: string,
): boolean {
  return builtIn !== undefined && !/\/manifest\.json$/.test(uri) && path.length === 0 && key === '$schema';
}
