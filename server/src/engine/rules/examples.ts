/**
 * What the rules' examples (each rule's docs, `<rule>.examples.ts`) are written with. The examples are data for
 * the tests and the rule pages: only the rules' docs (`<rule>.examples.ts`) import this module, and no bundle does.
 */

/**
 * A whole file, written indented in the source: the lines lose the indentation they share (and a first
 * empty line), and the text ends with a line break.
 */
export function text(source: string): string {
  const lines = source.replace(/^\n/, '').trimEnd().split('\n');
  const indent = Math.min(...lines.filter((line) => line.trim()).map((line) => line.length - line.trimStart().length));
  return lines.map((line) => line.slice(indent)).join('\n') + '\n';
}

/** A manifest: the word-count plugin's top level, then the fields of `body` (written as for text()). */
export function plugin(body: string): string {
  const fields = text(body).trimEnd().replace(/\n/g, '\n  ');
  return `{\n  "name": "word-count",\n  "displayName": "Word Count",\n  "version": "1.0.0",\n  ${fields}\n}\n`;
}

/** What an example changes of the word-count plugin with its one tool (countWordsPlugin). */
interface CountWordsOptions {
  /** Puts the example's «» round that path in the manifest. */
  marked?: 'schema' | 'handler';
  /** Its permissions, as JSON written for text(): fs.read by parameter unless given, none for null. */
  permissions?: string | null;
}

/**
 * The word-count plugin with its one tool, `count_words`, whose path argument `fs.read` grants by parameter unless told
 * otherwise: the manifest most file, handler, permission and tool examples read.
 */
export function countWordsPlugin({
  marked,
  permissions = '{ "fs": { "read": { "parameter": true } } }',
}: CountWordsOptions = {}): string {
  const path = (field: 'schema' | 'handler', value: string) => (marked === field ? `«"${value}"»` : `"${value}"`);
  const block =
    permissions === null ? '' : `,\n    "permissions": ${text(permissions).trimEnd().replace(/\n/g, '\n    ')}`;
  return plugin(`
    "contributes": {
      "tools": [
        { "id": "count_words", "title": "Count words", "description": "Counts the words in a text file.",
          "schema": ${path('schema', './tools/count-words.schema.json')}, "handler": ${path('handler', './tools/count-words.js')},
          "annotations": { "readOnlyHint": true } }
      ]
    }${block}`);
}

/** The tool's argument schema of the word-count plugin: one file path, marked as one. */
const countWordsSchema = text(`
  {
    "type": "object",
    "properties": { "path": { "type": "string", "format": "file-path" } },
    "required": ["path"]
  }`);

/** Its handler: it reads the file the call names. */
export const countWordsHandler = text(`
  module.exports = async ({ path }, ctx) => {
    const text = await ctx.fs.read(path);
    return String(text.split(/\\s+/).filter(Boolean).length);
  };`);

/** The word-count plugin's files, as its manifest names them. */
export const countWordsFiles = {
  'tools/count-words.schema.json': countWordsSchema,
  'tools/count-words.js': countWordsHandler,
};

/** A prompt template. */
export const summarizePrompt = 'Summarize the selected file in three sentences.\n';

/** A hook handler that writes a file when an agent's run completes. */
export const doneHook = text(`
  module.exports = async (event, ctx) => {
    await ctx.fs.write('\${dataDir}/last-run.txt', new Date().toISOString());
  };`);

/** The word-count tool's handler, its ctx use written as `use` (with the example's mark). */
export function markedHandler(use: string): string {
  return countWordsHandler.replace('ctx.fs.read', use);
}

/** The word-count tool's handler reading its file path as `args.<name>`. */
export function argumentsHandler(name: string): string {
  return text(`
    module.exports = async (args, ctx) => {
      const text = await ctx.fs.read(args.${name});
      return String(text.split(/\\s+/).filter(Boolean).length);
    };`);
}

/** The word-count tool's handler returning an MCP content envelope with one block, `block`. */
export function envelopeHandler(block: string): string {
  return text(`
    module.exports = async ({ path }, ctx) => {
      const count = String((await ctx.fs.read(path)).split(/\\s+/).filter(Boolean).length);
      return { content: [${block}] };
    };`);
}
