/**
 * The fuzzers' inputs, shared by the engine, CLI and language-server suites and by scripts/fuzz.mjs: real text (the
 * examples' handler modules and manifests, and a fixed sample of the JavaScript in node_modules, from packages pinned
 * by package-lock.json), mutated the way half-typed code looks: cut short, stray quotes and brackets, invalid escapes,
 * runs of one character a few KB long, duplicated slices, random bytes, lone CRs, control characters, U+2028, an RTL
 * override. Every input is a pure function of (seed, index), so a failure is replayed from the two numbers.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/** The repository root (this file runs from out/test/fuzz). */
export const fuzzRepoRoot = resolve(__dirname, '../../..');

/** A real text to mutate: where it comes from, the file name it is read under, its text. */
export interface Sample {
  name: string;
  fileName: string;
  text: string;
}

/** What was done to a sample, in words (for a failure's report), and the text it made. */
export interface FuzzInput {
  seed: number;
  index: number;
  base: Sample;
  steps: string[];
  text: string;
}

// ---------------------------------------------------------------------------------------------
// Randomness: a small PRNG seeded per input, so input i of a seed never depends on the inputs before it

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  below(n: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

/** mulberry32, seeded from the seed and the input's index (and a stream name, so suites draw apart). */
export function rngFor(seed: number, index: number, stream = ''): Rng {
  let state = hash(`${seed}:${index}:${stream}`);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng: Rng = {
    next,
    below: (n) => Math.floor(next() * n),
    pick: (items) => items[rng.below(items.length)],
    chance: (p) => next() < p,
  };
  return rng;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

// ---------------------------------------------------------------------------------------------
// The corpus

/** Every .js/.cjs/.mjs file below a folder (no node_modules, no dot-folders), sorted. */
function scriptsUnder(root: string, folder = root): string[] {
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const path = join(folder, name);
      if (name === 'node_modules' || name.startsWith('.')) return [];
      if (statSync(path).isDirectory()) return scriptsUnder(root, path);
      return /\.(js|cjs|mjs)$/.test(name) ? [relative(root, path).split('\\').join('/')] : [];
    });
}

/** The examples' plugins, each as its folder's files (path → text). */
export function examplePlugins(): { name: string; files: Map<string, string> }[] {
  const examples = join(fuzzRepoRoot, 'examples');
  return readdirSync(examples)
    .sort()
    .filter((name) => statSync(join(examples, name)).isDirectory())
    .map((name) => {
      const root = join(examples, name);
      const files = new Map<string, string>();
      const visit = (folder: string) => {
        for (const entry of readdirSync(folder).sort()) {
          const path = join(folder, entry);
          if (statSync(path).isDirectory()) visit(path);
          else if (!entry.startsWith('expected-'))
            files.set(relative(root, path).split('\\').join('/'), readFileSync(path, 'utf8'));
        }
      };
      visit(root);
      return { name, files };
    });
}

/** The packages the node_modules sample is drawn from: their versions are pinned by package-lock.json. */
const samplePackages = [
  'acorn',
  'acorn-loose',
  'ajv',
  'entities',
  'fast-check',
  'jsonc-parser',
  'markdown-it',
  'minimatch',
  'semver',
  'vscode-jsonrpc',
  'vscode-languageserver',
];
const filesPerPackage = 4;
/** Longer texts are cut here: the sample is about shapes of code, not size. */
const sampleMaxChars = 16_000;

/**
 * The handler modules: every .js file of the examples, and a fixed sample of node_modules (of each named package, at
 * most four of its sorted .js/.cjs/.mjs files, evenly spaced), each cut to 16,000 characters.
 */
export function handlerCorpus(): Sample[] {
  const examples = examplePlugins().flatMap(({ name, files }) =>
    [...files]
      .filter(([path]) => path.endsWith('.js'))
      .map(([path, text]) => ({ name: `examples/${name}/${path}`, fileName: path, text })),
  );
  const lock = JSON.parse(readFileSync(join(fuzzRepoRoot, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string }>;
  };
  const fromPackages = samplePackages.flatMap((name) => {
    const root = join(fuzzRepoRoot, 'node_modules', name);
    const version = lock.packages[`node_modules/${name}`]?.version ?? 'unpinned';
    const all = scriptsUnder(root);
    const chosen = new Set(
      Array.from({ length: Math.min(filesPerPackage, all.length) }, (_, i) => all[Math.floor((i * all.length) / 4)]),
    );
    return [...chosen].map((path) => ({
      name: `node_modules/${name}@${version}/${path}`,
      fileName: path,
      text: readFileSync(join(root, path), 'utf8').slice(0, sampleMaxChars),
    }));
  });
  return [...examples, ...fromPackages];
}

/** The manifests: every example's manifest.json, and the schemas (this repository's and the examples' tool schemas). */
export function manifestCorpus(): Sample[] {
  const manifests = examplePlugins().flatMap(({ name, files }) =>
    [...files]
      .filter(([path]) => path.endsWith('.json'))
      .map(([path, text]) => ({ name: `examples/${name}/${path}`, fileName: path, text })),
  );
  const schemas = readdirSync(join(fuzzRepoRoot, 'schemas'))
    .sort()
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({
      name: `schemas/${name}`,
      fileName: name,
      text: readFileSync(join(fuzzRepoRoot, 'schemas', name), 'utf8').slice(0, sampleMaxChars * 4),
    }));
  return [...manifests, ...schemas];
}

// ---------------------------------------------------------------------------------------------
// Mutations

/** What a half-typed module holds at the cursor: stray tokens, escapes no string allows, odd characters. */
export const fragments = [
  '"',
  "'",
  '`',
  '(',
  ')',
  '{',
  '}',
  '[',
  ']',
  '${',
  '/*',
  '*/',
  '//',
  '/',
  '\\',
  '\\8',
  '\\9',
  '\\x',
  '\\x4',
  '\\u',
  '\\u{',
  '\\u{110000}',
  '\\u{FFFFFFFF}',
  '\\uD800',
  '"C:\\8bit"',
  "'\\x'",
  '`\\u{`',
  '`${',
  '/[/',
  '/(?<',
  '/a/gg',
  '#',
  '#x',
  '@',
  '@dec ',
  '=>',
  'async ',
  'await ',
  'import(',
  'import ',
  'export ',
  'export default ',
  'module.exports = ',
  'exports.x = ',
  'require(',
  'ctx.',
  'ctx.fs.',
  'args.',
  '?.',
  '...',
  '<!--',
  '-->',
  '#!',
  'let let',
  'yield ',
  'class {',
  'new.target',
  'super(',
  '0x',
  '1e',
  '08',
  '0b2',
  '1_',
  '1n',
  ',',
  ';',
  ':',
  '?',
  '=',
  'return ',
  'function (',
  'with (',
  '\r',
  '\n',
  '\r\n',
  '\u2028',
  '\u2029',
  '\u202E',
  '\u200F',
  '\u0000',
  '\u0007',
  '\u001B[31m',
  '\uFEFF',
  '\uD800',
  '\uDFFF',
  '\uD83D\uDCC1',
  '"handler": "',
  '"\\u',
  '"\\ud800"',
  'null',
];

/** Escapes a string or a template may not hold (in a module, whose code is strict), or none may. */
export const escapes = [
  '\\8',
  '\\9',
  '\\x',
  '\\xZ',
  '\\u',
  '\\u{',
  '\\u{110000}',
  '\\u{FFFFFFFF}',
  '\\uD8',
  '\\0',
  '\\01',
  'C:\\8bit',
];

/** Characters (or pairs) typed, pasted or stuck down a few thousand times. */
export const runUnits = [
  '@',
  '#',
  '"\n',
  "'\n",
  '`',
  '(',
  ')',
  '{',
  '}',
  '[',
  '\\',
  '/*',
  '<',
  '${',
  'x',
  ' ',
  '\n',
  '\r',
  '"',
  '\u2028',
];

/** A run of one unit, `length` characters long (about). */
export function run(unit: string, length: number): string {
  return unit.repeat(Math.max(1, Math.ceil(length / unit.length)));
}

function describeText(text: string): string {
  return JSON.stringify(text.length > 24 ? `${text.slice(0, 24)}…` : text);
}

function randomUnits(rng: Rng, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const roll = rng.next();
    const code =
      roll < 0.3
        ? rng.below(0x20)
        : roll < 0.6
          ? 0x20 + rng.below(0x5f)
          : roll < 0.75
            ? 0x80 + rng.below(0x80)
            : rng.below(0x10000);
    out += String.fromCharCode(code);
  }
  return out;
}

/** A place to insert at: anywhere, or just inside a string literal (after a quote), where an escape is read. */
function place(rng: Rng, text: string): number {
  if (rng.chance(0.35)) {
    const quotes: number[] = [];
    for (let i = 0; i < text.length && quotes.length < 2000; i++) if (/["'`]/.test(text[i])) quotes.push(i + 1);
    if (quotes.length > 0) return rng.pick(quotes);
  }
  return rng.below(text.length + 1);
}

/** One mutation of `text`, with its description. */
function mutateOnce(rng: Rng, text: string, runMax: number): { text: string; step: string } {
  const roll = rng.below(100);
  if (roll < 10) {
    const at = rng.below(text.length + 1);
    return { text: text.slice(0, at), step: `cut at ${at}` };
  }
  if (roll < 18) {
    const at = rng.below(text.length + 1);
    const length = 1 + rng.below(rng.chance(0.5) ? 8 : 400);
    return { text: text.slice(0, at) + text.slice(at + length), step: `delete ${length} at ${at}` };
  }
  if (roll < 45) {
    const at = place(rng, text);
    const fragment = rng.pick(fragments);
    return { text: text.slice(0, at) + fragment + text.slice(at), step: `insert ${describeText(fragment)} at ${at}` };
  }
  if (roll < 55) {
    // An escape inside a string literal or a template, where it is read as one.
    const quotes: number[] = [];
    for (let i = 0; i < text.length && quotes.length < 2000; i++) if (/["'`]/.test(text[i])) quotes.push(i + 1);
    const at = quotes.length > 0 ? rng.pick(quotes) : rng.below(text.length + 1);
    const escape = rng.pick(escapes);
    return { text: text.slice(0, at) + escape + text.slice(at), step: `insert ${describeText(escape)} at ${at}` };
  }
  if (roll < 70) {
    const at = place(rng, text);
    const unit = rng.pick(runUnits);
    const length = 1000 + rng.below(Math.max(1, runMax - 1000));
    return {
      text: text.slice(0, at) + run(unit, length) + text.slice(at),
      step: `insert a run of ${JSON.stringify(unit)} ×${Math.ceil(length / unit.length)} at ${at}`,
    };
  }
  if (roll < 80) {
    const from = rng.below(text.length + 1);
    const length = 1 + rng.below(rng.chance(0.5) ? 40 : 2000);
    const at = rng.below(text.length + 1);
    const slice = text.slice(from, from + length);
    return {
      text: text.slice(0, at) + slice + text.slice(at),
      step: `duplicate ${slice.length} from ${from} at ${at}`,
    };
  }
  if (roll < 90) {
    const at = rng.below(text.length + 1);
    const bytes = randomUnits(rng, 1 + rng.below(32));
    return {
      text: text.slice(0, at) + bytes + text.slice(at),
      step: `insert random ${JSON.stringify(bytes)} at ${at}`,
    };
  }
  if (roll < 95) {
    const to = rng.pick(['\r', '\r\n', '\u2028']);
    return { text: text.replace(/\r?\n/g, to), step: `line ends to ${JSON.stringify(to)}` };
  }
  // One line break made a lone CR (or a control character), as a paste from another system leaves it.
  const breaks: number[] = [];
  for (let i = 0; i < text.length && breaks.length < 5000; i++) if (text[i] === '\n') breaks.push(i);
  if (breaks.length === 0) return { text: `${text}\r`, step: 'append a lone CR' };
  const at = rng.pick(breaks);
  const replacement = rng.pick(['\r', '\u000B', '\u000C', '\u0085', '\u0000']);
  return {
    text: text.slice(0, at) + replacement + text.slice(at + 1),
    step: `line break at ${at} to ${JSON.stringify(replacement)}`,
  };
}

export interface MutateOptions {
  /** The longest run of one character inserted (4,000 by default: "a few KB"). */
  runMax?: number;
}

/** Input `index` of `seed`: a sample of `corpus`, mutated one to four times. */
export function fuzzInput(
  seed: number,
  index: number,
  corpus: readonly Sample[],
  stream: string,
  options: MutateOptions = {},
): FuzzInput {
  const rng = rngFor(seed, index, stream);
  const base = rng.pick(corpus);
  const count = 1 + rng.below(4);
  let text = base.text;
  const steps: string[] = [];
  for (let i = 0; i < count; i++) {
    const mutated = mutateOnce(rng, text, options.runMax ?? 4000);
    text = mutated.text;
    steps.push(mutated.step);
  }
  return { seed, index, base, steps, text };
}

/** One line naming an input: where it comes from and what was done to it. */
export function describeInput(input: FuzzInput): string {
  return `seed ${input.seed} input ${input.index}: ${input.base.name} (${input.text.length} chars) after ${input.steps.join(
    ', ',
  )}`;
}

/**
 * The known cases, always among the inputs: the texts that crashed the CLI and the server, or stalled them (runs of
 * one character the tolerant parser is quadratic on, 128 KB long).
 */
export function knownHandlerCases(): { name: string; text: string }[] {
  const crash = 'module.exports = async (args, ctx) => {\n  const dir = "C:\\8bit";\n  return ctx.fs.read(dir\n};\n';
  const handler = 'module.exports = async (args, ctx) => {\n  return ctx.fs.read(args.path);\n};\n';
  const middle = handler.indexOf('return');
  return [
    { name: 'an invalid escape in a module with a syntax error', text: crash },
    { name: 'a code point out of bounds', text: handler.replace('args.path', '"\\u{110000}" + (args.path') },
    ...['@', '#', '"\n'].map((unit) => ({
      name: `a run of ${JSON.stringify(unit)} 128 KB long`,
      text: handler.slice(0, middle) + run(unit, 128 * 1024) + handler.slice(middle),
    })),
  ];
}

/**
 * A smaller text that still `fails`: whole lines, then slices, then characters removed while the failure holds
 * (ddmin's greedy form), within `budget` calls of `fails`.
 */
export function minimise(text: string, fails: (candidate: string) => boolean, budget = 400): string {
  let current = text;
  let calls = 0;
  for (let chunk = Math.max(1, Math.floor(current.length / 2)); chunk >= 1 && calls < budget;) {
    let removed = false;
    for (let at = 0; at < current.length && calls < budget;) {
      const candidate = current.slice(0, at) + current.slice(at + chunk);
      calls++;
      if (candidate.length < current.length && fails(candidate)) {
        current = candidate;
        removed = true;
      } else at += chunk;
    }
    if (!removed) chunk = Math.floor(chunk / 2);
  }
  return current;
}

/** The seed of the suites' inputs (scripts/fuzz.mjs draws a new one each run, or takes --seed). */
export const suiteSeed = 20260611;
