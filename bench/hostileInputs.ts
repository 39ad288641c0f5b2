/**
 * Generators of the hostile section's inputs (hostileBudgets.ts): handler modules a parser can choke on, a large
 * handler of ordinary code, a bundled plugin whose tools all name one module, and a chain of nested plugin folders
 * whose large manifests all name one handler at the bottom. Deterministic: the same arguments give the same bytes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The first line of every generated tool handler: a valid start, so that what follows is what the parser reads. */
export const handlerFirstLine = 'module.exports = async (args, ctx) => {\n';

/** What a hostile handler is made of after its first line: runs of `@`, of `#`, or of `"` and a line break. */
export type HostileKind = 'at' | 'hash' | 'quote-newline';

export const hostileKinds: readonly HostileKind[] = ['at', 'hash', 'quote-newline'];

const hostileUnits: Record<HostileKind, string> = { at: '@', hash: '#', 'quote-newline': '"\n' };

/** A tool handler of `bytes` bytes: the valid first line, then the kind's run to the end (never closed). */
export function hostileHandlerText(kind: HostileKind, bytes = 80 * 1024): string {
  const unit = hostileUnits[kind];
  return handlerFirstLine + unit.repeat(Math.ceil((bytes - handlerFirstLine.length) / unit.length));
}

/** mulberry32, as generateManifest.ts: the output depends on the arguments alone. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const verbs = ['summarize', 'extract', 'classify', 'convert', 'index', 'review', 'tag', 'redact', 'merge', 'compare'];
const nouns = ['invoice', 'contract', 'report', 'transcript', 'receipt', 'letter', 'minutes', 'statement', 'memo'];
const capitalize = (word: string) => word[0].toUpperCase() + word.slice(1);

/** One function of ordinary handler code, in one of four shapes, every one reading args and using ctx. */
function ordinaryFunction(name: string, verb: string, noun: string, shape: number): string {
  switch (shape) {
    case 0:
      return `/** ${capitalize(verb)} the ${noun} the user selected: its non-empty lines, the most frequent first words. */
async function ${name}(args, ctx) {
  const path = args.path;
  const text = await ctx.fs.read(path);
  const kept = [];
  for (const line of text.split('\\n')) {
    const trimmed = line.trim();
    if (trimmed.length === 0 || trimmed.startsWith('#')) continue;
    kept.push(trimmed.length > 120 ? trimmed.slice(0, 117) + '...' : trimmed);
  }
  const limit = Number(args.limit ?? 20);
  ctx.log.info(\`${name}: \${kept.length} lines from \${path}\`);
  if (args.output) await ctx.fs.write(args.output, kept.slice(0, limit).join('\\n'));
  const counts = kept.reduce((map, line) => {
    const word = line.split(/\\s+/)[0].toLowerCase();
    map[word] = (map[word] || 0) + 1;
    return map;
  }, {});
  const top = Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5);
  return { success: true, path, lines: kept.length, top };
}
`;
    case 1:
      return `/** ${capitalize(verb)} a ${noun}, with the plugin's settings; a missing file is an answer, not a failure. */
async function ${name}(args, ctx) {
  const pages = Number((await ctx.settings.get('max_pages')) ?? 20);
  let text;
  try {
    text = await ctx.fs.read(args.path);
  } catch (error) {
    ctx.log.warn(\`${name}: cannot read \${args.path}: \${error && error.message}\`);
    return { success: false, error: \`The ${noun} \${args.path} could not be read.\` };
  }
  const sections = text.split(/\\n{2,}/).slice(0, pages);
  const result = sections.map((section, index) => ({
    index,
    words: section.split(/\\s+/).filter(Boolean).length,
    heading: section.startsWith('#') ? section.split('\\n')[0].replace(/^#+\\s*/, '') : undefined,
  }));
  if (args.verbose) ctx.log.info(\`${name}: \${result.length} sections\`);
  return { success: true, sections: result };
}
`;
    case 2:
      return `/** ${capitalize(verb)} several ${noun}s in turn, remembering what was done in the plugin's store. */
async function ${name}(args, ctx) {
  const done = (await ctx.store.get('${name}')) || {};
  const paths = Array.isArray(args.paths) ? args.paths : [args.path];
  const rows = [];
  for (const path of paths) {
    if (done[path] && !args.force) {
      rows.push({ path, skipped: true });
      continue;
    }
    const text = await ctx.fs.read(path);
    const words = text.split(/\\s+/).filter(Boolean);
    done[path] = { words: words.length, at: Date.now() };
    rows.push({ path, words: words.length, longest: words.reduce((a, b) => (b.length > a.length ? b : a), '') });
  }
  await ctx.store.set('${name}', done);
  return ['| ${capitalize(noun)} | Words |', '| --- | ---: |', ...rows.map((row) => \`| \${row.path} | \${row.words ?? '-'} |\`)].join('\\n');
}
`;
    default:
      return `/** ${capitalize(verb)} a ${noun} into a table of key: value lines. */
class ${capitalize(name)}Reader {
  constructor(ctx, separator) {
    this.ctx = ctx;
    this.separator = separator || ':';
  }

  async read(path) {
    const text = await this.ctx.fs.read(path);
    const entries = {};
    for (const line of text.split('\\n')) {
      const at = line.indexOf(this.separator);
      if (at <= 0) continue;
      entries[line.slice(0, at).trim()] = line.slice(at + 1).trim();
    }
    return entries;
  }
}

async function ${name}(args, ctx) {
  const reader = new ${capitalize(name)}Reader(ctx, args.separator);
  const entries = await reader.read(args.path);
  switch (args.format) {
    case 'json':
      return JSON.stringify(entries, null, 2);
    case 'count':
      return { success: true, count: Object.keys(entries).length };
    default:
      return Object.entries(entries)
        .map(([key, value]) => \`\${key}: \${value}\`)
        .join('\\n');
  }
}
`;
  }
}

/**
 * A tool handler module of ordinary code, just under `bytes` long (a few hundred bytes less): many functions of the
 * shapes above, and the handler that dispatches on `args.operation` to them, with one finding (`args.pth`). Valid
 * JavaScript (CommonJS).
 */
export function ordinaryHandlerText(bytes: number, seed = 1): string {
  const random = seededRandom(0x0d1e0000 ^ seed);
  const parts = ["'use strict';\n\n"];
  const names: string[] = [];
  let length = parts[0].length;
  for (let i = 0; ; i++) {
    const verb = verbs[Math.floor(random() * verbs.length)];
    const noun = nouns[Math.floor(random() * nouns.length)];
    const name = `${verb}${capitalize(noun)}${i}`;
    const part = ordinaryFunction(name, verb, noun, Math.floor(random() * 4)) + '\n';
    // What the dispatch at the end takes: a line per name, and some 300 bytes.
    if (length + part.length + (names.length + 1) * (name.length + 4) + 300 > bytes) break;
    parts.push(part);
    names.push(name);
    length += part.length;
  }
  parts.push(
    `const operations = {\n${names.map((name) => `  ${name},\n`).join('')}};\n\n` +
      handlerFirstLine +
      // One finding on purpose: the schema declares `path`, not `pth` (handlers.unknown-argument), so that a build's
      // diagnostics count shows whether it checked the handler at all.
      "  if (args.pth !== undefined) throw new Error('Did you mean path?');\n" +
      '  const operation = operations[args.operation];\n' +
      '  if (!operation) throw new Error(`Unknown operation: ${args.operation}`);\n' +
      '  return operation(args, ctx);\n' +
      '};\n',
  );
  return parts.join('');
}

/** The one schema every generated tool shares: each argument the generated handlers read, declared. */
const toolSchemaText = `${JSON.stringify(
  {
    type: 'object',
    properties: {
      operation: { type: 'string', description: 'Which operation of the bundle to run.' },
      path: { type: 'string', format: 'file-path', description: 'The file to read.' },
      paths: { type: 'array', items: { type: 'string', format: 'file-path' }, description: 'The files to read.' },
      output: { type: 'string', format: 'file-path', description: 'Where to write the result.' },
      limit: { type: 'number', description: 'How many lines to keep.' },
      separator: { type: 'string', description: 'What separates a key from its value.' },
      format: { type: 'string', enum: ['json', 'count', 'text'] },
      verbose: { type: 'boolean' },
      force: { type: 'boolean' },
    },
    required: ['operation'],
  },
  null,
  2,
)}\n`;

/** What every generated manifest declares: each member the generated handlers use. */
const permissions = {
  fs: { read: { parameter: true }, write: { parameter: true } },
  store: true,
  settings: true,
  log: true,
};

function toolEntry(index: number, handler: string): Record<string, unknown> {
  const verb = verbs[index % verbs.length];
  const noun = nouns[Math.floor(index / verbs.length) % nouns.length];
  return {
    id: `${verb}_${noun}_${index}`,
    title: `${capitalize(verb)} ${noun}`,
    description: `${capitalize(verb)}s the ${noun} the user selected. Use when the user asks to ${verb} a ${noun}.`,
    schema: 'tools/args.schema.json',
    handler,
    timeout: '30s',
    annotations: { readOnlyHint: false, idempotentHint: true },
  };
}

function writeFile(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

export interface WrittenPlugin {
  /** The plugin folder. */
  folder: string;
  manifestPath: string;
  /** The handler module's absolute path, and its text. */
  handlerPath: string;
  handlerText: string;
}

/**
 * A plugin folder `parent/name` whose `tools` tools all name one handler module (at `handlerRelative`, with
 * `handlerText`) and one schema. One tool: a plugin like any; 200: a bundled plugin.
 */
export function writeToolsPlugin(
  parent: string,
  name: string,
  tools: number,
  handlerText: string,
  handlerRelative = 'tools/handler.js',
): WrittenPlugin {
  const folder = join(parent, name);
  const manifest = {
    name,
    displayName: capitalize(name.replace(/-/g, ' ')),
    version: '1.0.0',
    description: 'Generated for the benchmark: never run.',
    runtime: 'node',
    contributes: { tools: Array.from({ length: tools }, (_unused, index) => toolEntry(index, handlerRelative)) },
    permissions,
  };
  const manifestPath = join(folder, 'manifest.json');
  writeFile(manifestPath, JSON.stringify(manifest, null, 2) + '\n');
  writeFile(join(folder, 'tools', 'args.schema.json'), toolSchemaText);
  const handlerPath = join(folder, handlerRelative);
  writeFile(handlerPath, handlerText);
  return { folder, manifestPath, handlerPath, handlerText };
}

export interface NestedPlugins {
  /** The top folder: the server's workspace folder. */
  top: string;
  /** Each plugin folder's manifest, outermost first. */
  manifestPaths: string[];
  /** The handler at the bottom, which every manifest names. */
  handlerPath: string;
  handlerText: string;
  /** The size of each manifest, in bytes. */
  manifestBytes: number;
}

/**
 * `depth` plugin folders nested in one another below `parent/name` (level-00/level-01/…), each with a manifest of
 * about `manifestBytes` whose one tool names the handler at the bottom (level-NN/tools/handler.js, through the
 * folders below it), the rest of its size settings with ordinary titles and descriptions.
 */
export function writeNestedPlugins(
  parent: string,
  name: string,
  depth: number,
  manifestBytes: number,
  handlerText: string,
): NestedPlugins {
  const top = join(parent, name);
  const levels = Array.from({ length: depth }, (_unused, index) => `level-${String(index).padStart(2, '0')}`);
  const manifestPaths: string[] = [];
  let sizes = 0;
  for (let level = 0; level < depth; level++) {
    const folder = join(top, ...levels.slice(0, level + 1));
    const handler = [...levels.slice(level + 1), 'tools', 'handler.js'].join('/');
    const text = paddedManifest(`nested-${levels[level]}`, handler, manifestBytes);
    const manifestPath = join(folder, 'manifest.json');
    writeFile(manifestPath, text);
    writeFile(join(folder, 'tools', 'args.schema.json'), toolSchemaText);
    manifestPaths.push(manifestPath);
    sizes += Buffer.byteLength(text);
  }
  const handlerPath = join(top, ...levels, 'tools', 'handler.js');
  writeFile(handlerPath, handlerText);
  return { top, manifestPaths, handlerPath, handlerText, manifestBytes: Math.round(sizes / depth) };
}

/** A manifest of one tool naming `handler`, grown to about `bytes` with string settings. */
function paddedManifest(name: string, handler: string, bytes: number): string {
  const settings: Record<string, unknown> = {};
  const manifest = {
    name,
    displayName: capitalize(name.replace(/-/g, ' ')),
    version: '1.0.0',
    description: 'Generated for the benchmark: a large manifest in a chain of nested plugin folders.',
    runtime: 'node',
    contributes: { tools: [toolEntry(0, handler)], settings },
    permissions,
  };
  const base = Buffer.byteLength(JSON.stringify(manifest, null, 2));
  const setting = (index: number) => {
    const verb = verbs[index % verbs.length];
    const noun = nouns[Math.floor(index / verbs.length) % nouns.length];
    return {
      type: 'string',
      title: `${capitalize(noun)} folder for ${verb} ${index}`,
      description: `Where the plugin looks for the ${noun} files it should ${verb}, relative to the workspace; empty for the folder of the selected file.`,
      default: `${noun}s/${verb}`,
      order: index + 1,
    };
  };
  const fill = (count: number) => {
    for (const key of Object.keys(settings)) delete settings[key];
    for (let index = 0; index < count; index++)
      settings[`${nouns[index % nouns.length]}_folder_${index}`] = setting(index);
    return JSON.stringify(manifest, null, 2) + '\n';
  };
  // A first guess from a sample of settings, then one correction in proportion.
  const sample = 100;
  const perSetting = (Buffer.byteLength(fill(sample)) - base) / sample;
  const guess = Math.max(0, Math.round((bytes - base) / perSetting));
  const guessed = Buffer.byteLength(fill(guess)) - base;
  return fill(Math.max(0, Math.round((guess * (bytes - base)) / Math.max(1, guessed))));
}
