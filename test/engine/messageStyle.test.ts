/**
 * The message style of CONTRIBUTING.md ("Message style"), checked on every message the rules' examples and the example
 * plugins make: a short first sentence, at most one joining colon, names in backticks and values in double quotes,
 * one form of suggestion, and no symbols or jargon where words would do (messages are read aloud by screen readers).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { allRules, analyzeManifest } from '../../server/src/engine';
import { docsOf } from '../../server/src/engine/rules/allDocs';
import { NodePluginFolder } from '../../server/src/host/nodePluginFolder';
import { analyzeExample, everyCase } from './ruleExamples';

const repoRoot = join(__dirname, '../../..');

/** The longest first sentence a message may have. */
const firstSentenceLimit = 160;

/** A message cut into its parts: the text outside any marks, and the spans in backticks and in double quotes. */
interface Parts {
  /** The message with every marked span replaced by a placeholder word (`name` or `value`). */
  plain: string;
  names: string[];
  values: string[];
  /** A mark opened and never closed. */
  unclosed?: string;
}

/** A message's text outside the marks, and its marked spans (a double-quoted span is JSON, escapes and all). */
function partsOf(message: string): Parts {
  const parts: Parts = { plain: '', names: [], values: [] };
  let i = 0;
  while (i < message.length) {
    const char = message[i];
    if (char === '`') {
      const end = message.indexOf('`', i + 1);
      if (end < 0) return { ...parts, unclosed: message.slice(i) };
      parts.names.push(message.slice(i + 1, end));
      parts.plain += 'name';
      i = end + 1;
    } else if (char === '"') {
      let end = i + 1;
      while (end < message.length && message[end] !== '"') end += message[end] === '\\' ? 2 : 1;
      if (end >= message.length) return { ...parts, unclosed: message.slice(i) };
      parts.values.push(message.slice(i, end + 1));
      parts.plain += 'value';
      i = end + 1;
    } else {
      parts.plain += char;
      i++;
    }
  }
  return parts;
}

/**
 * The first sentence: up to the first full stop, question or exclamation mark outside the marks and brackets that ends
 * the text or is followed by a space.
 */
function firstSentence(message: string): string {
  let depth = 0;
  let mark: string | undefined;
  for (let i = 0; i < message.length; i++) {
    const char = message[i];
    if (mark) {
      if (char === '\\' && mark === '"') i++;
      else if (char === mark) mark = undefined;
    } else if (char === '`' || char === '"') mark = char;
    else if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && '.?!'.includes(char) && (i + 1 === message.length || /\s/.test(message[i + 1]))) {
      return message.slice(0, i + 1);
    }
  }
  return message;
}

/** Symbols, notations and words a plugin author would have to decode, or a screen reader would read as noise. */
const jargon: [string, RegExp][] = [
  ['an arrow', /→|⇒|←|=>|->/],
  ['a regular expression', /\^\S*\$|\[a-z|\[0-9|\)[*+?]|\\[dws]/],
  ['SSRF', /\bSSRF\b/],
  ['an abbreviation read letter by letter (e.g., i.e.)', /\b(e\.g|i\.e)\b/i],
  ['a range written with an ellipsis (min…max)', /\w(…|\.\.\.)\w/],
  ['an object written in braces ({ handler, filter? })', /\{\s*\w+\??,/],
  ['a JSON pointer (/required)', /(^|\s)\/[a-z]\w*/],
  ['a field written as JSON (kind: "tool") instead of in words', /\w: (value|true|false)\b/],
];

/** What a suggestion looks like: a last sentence of its own. */
const suggestionPattern = /Did you mean (`[^`]*`|"(?:[^"\\]|\\.)*")\?$/;

/** Edit distance, case aside: how close a suggestion is to what it corrects. */
function distance(a: string, b: string): number {
  [a, b] = [a.toLowerCase(), b.toLowerCase()];
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** What is wrong with a message by the style: an empty list when nothing is. */
function styleFaults(message: string): string[] {
  const faults: string[] = [];
  const first = firstSentence(message);
  if (first.length > firstSentenceLimit) faults.push(`a first sentence of ${first.length} characters`);
  const parts = partsOf(message);
  if (parts.unclosed !== undefined) return [...faults, `an unclosed mark at ${parts.unclosed}`];
  const colons = parts.plain.match(/:(\s|$)/g)?.length ?? 0;
  if (colons > 1) faults.push(`${colons} joining colons`);
  for (const [what, pattern] of jargon) if (pattern.test(parts.plain)) faults.push(what);
  // One convention: names in backticks, values in double quotes; no other marks.
  if (/[“”‘«»]|(^|[\s(])'/.test(parts.plain)) faults.push('a quotation mark other than ` and "');
  for (const name of parts.names) {
    if (/[\s"]/.test(name) || name === '') faults.push(`a value in backticks: \`${name}\``);
  }
  for (const value of parts.values) {
    try {
      JSON.parse(value);
    } catch {
      faults.push(`a quoted value that is not as JSON writes it: ${value}`);
    }
  }
  // A field, a key, a member of ctx: a dotted or indexed name outside backticks.
  const bareName = /(?<![\w$])[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*|\[\d*\])+/.exec(parts.plain);
  if (bareName) faults.push(`a name outside backticks: ${bareName[0]}`);
  if (/Did you mean/.test(message)) {
    const suggestion = suggestionPattern.exec(message);
    if (!suggestion) faults.push('a suggestion not written as the last sentence, "Did you mean …?"');
    else {
      // Quoted as what it corrects, which the message names in the same marks.
      const [marked] = suggestion.slice(1);
      const text = marked.slice(1, -1);
      const others = marked.startsWith('`')
        ? parts.names.slice(0, -1)
        : parts.values.slice(0, -1).map((v) => v.slice(1, -1));
      const corrected = others.some((other) => distance(other, text) <= Math.max(2, Math.ceil(text.length / 2)));
      if (!corrected) faults.push(`a suggestion quoted otherwise than what it corrects: ${marked}`);
    }
  }
  return faults;
}

/** Every message the rules' examples and the example plugins make, with the code that made it. */
function everyMessage(): Map<string, string> {
  const messages = new Map<string, string>();
  for (const { text, example } of everyCase()) {
    analyzeExample(text, example, ({ diagnostics }) => diagnostics.forEach((d) => messages.set(d.message, d.code)));
  }
  for (const name of readdirSync(join(repoRoot, 'examples'))) {
    const root = join(repoRoot, 'examples', name);
    if (!statSync(root).isDirectory()) continue;
    const text = readFileSync(join(root, 'manifest.json'), 'utf8');
    const { diagnostics } = analyzeManifest(text, { folder: new NodePluginFolder(root) });
    diagnostics.forEach((d) => messages.set(d.message, d.code));
  }
  return messages;
}

test('every message of the rules follows the message style', () => {
  const messages = everyMessage();
  const codes = new Set(messages.values());
  // Every rule a plugin can show is read (diagnostics.check-failed, a fault of this tool, has no example).
  const shown = allRules.filter((rule) => !('fault' in docsOf(rule.code).examples)).map((rule) => rule.code);
  assert.deepEqual(
    shown.filter((code) => !codes.has(code)),
    [],
  );
  const faults = [...messages].flatMap(([message, code]) =>
    styleFaults(message).map((fault) => `${code}: ${fault}: ${message}`),
  );
  assert.equal(faults.length, 0, `${faults.length} messages against the style:\n${faults.join('\n')}`);
});

test('the style checks catch what they are for', () => {
  const cases: [string, RegExp][] = [
    [
      '`contributes.tools[0].handler` "./tools/count-words.js" names a module that is far too long to be read to its end by the checks, so what its code does with its arguments is not checked against the manifest.',
      /a first sentence of/,
    ],
    ['`a` is wrong: it is ignored: write `b`.', /2 joining colons/],
    ['`permissions.fetch.static` "localhost" is refused (SSRF guard).', /SSRF/],
    ['`name` must be kebab-case (^[a-z0-9]+(-[a-z0-9]+)*$).', /a regular expression/],
    ['`kind` is read for kind: "tool" only.', /a field written as JSON/],
    ['The check reads the handler → the schema.', /an arrow/],
    ['`default` lies outside min…max.', /ellipsis/],
    ['A hook is a path or { handler, filter? }.', /braces/],
    ['The schema is not valid: /required must be array.', /JSON pointer/],
    ["`id` must be 'x'.", /a quotation mark/],
    ['The id is `count words`.', /a value in backticks/],
    ['It is already used by contributes.tools[0].', /a name outside backticks: contributes\.tools\[0\]/],
    ['`toolId` "count-words" names no tool. Did you mean `count_words`?', /quoted otherwise than what it corrects/],
    ['Did you mean `timeout`? It is ignored.', /the last sentence/],
  ];
  for (const [message, fault] of cases) {
    assert.ok(
      styleFaults(message).some((found) => fault.test(found)),
      `${fault} in ${message}: ${styleFaults(message).join('; ')}`,
    );
  }
  // What passes: a suggestion quoted as what it corrects, colons inside marks, decimals and file sizes.
  for (const message of [
    '`contributes.actions[0].toolId` "count-words" is not the id of a tool. Did you mean "count_words"?',
    'Unknown key `timout` in `contributes.tools[0]`, which Filer ignores. Did you mean `timeout`?',
    '`permissions.fetch.static` "https://api.example.com/v1" is a URL, not a host name. Write "api.example.com" instead.',
    'The handler module is 3.0 MiB, more than the 2 MiB the checks read.',
  ]) {
    assert.deepEqual(styleFaults(message), [], message);
  }
  assert.equal(firstSentence('`a.b` is "x. Y". Then more.'), '`a.b` is "x. Y".');
});
