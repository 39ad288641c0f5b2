/**
 * Every rule's quotations of the reference are its words: each is found, verbatim up to white space, in
 * the section of docs/reference/ it names; and docs/reference holds the specification as it is.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { allRules } from '../../server/src/engine';
import {
  manifestReference,
  notInTheReference,
  referenceSections,
  type Quote,
  type ReferenceSource,
} from '../../server/src/engine/rules/reference';
import { defineRule } from '../../server/src/engine/rules/rule';
import { ruleDocs } from '../../server/src/engine/rules/ruleDocs';
import { rulePages } from './ruleExamples';
import { docsOf } from '../../server/src/engine/rules/allDocs';

const repositoryRoot = join(__dirname, '../../..');
const sources = Object.keys(referenceSections) as ReferenceSource[];
const referenceText = (source: ReferenceSource) =>
  readFileSync(join(repositoryRoot, 'docs/reference', `${source}.txt`), 'utf8');

/** The pages are wrapped and laid out in tables: white space of any kind and length is one space. */
const normalised = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Each section of a page, by its heading: from the heading's line to the next heading's. */
function sectionsOf(source: ReferenceSource): Map<string, string> {
  const lines = referenceText(source).split(/\r?\n/);
  const starts = referenceSections[source].map((heading) => ({ heading, line: lines.indexOf(heading) }));
  return new Map(
    starts.map(({ heading, line }, index) => {
      const end = index + 1 < starts.length ? starts[index + 1].line : lines.length;
      return [heading, normalised(lines.slice(line + 1, end).join('\n'))];
    }),
  );
}

const quotedRules = allRules.flatMap((rule) => {
  const { quotes } = docsOf(rule.code);
  return quotes === notInTheReference ? [] : quotes.map((quote) => ({ code: rule.code, quote }));
});

test("each page's section headings are lines of it, in the page's order", () => {
  for (const source of sources) {
    const lines = referenceText(source).split(/\r?\n/);
    const found = referenceSections[source].map((heading) => lines.indexOf(heading));
    assert.ok(!found.includes(-1), `${source}: no line is ${referenceSections[source][found.indexOf(-1)]}`);
    assert.deepEqual(
      found,
      [...found].sort((a, b) => a - b),
      `${source}: the headings in the page's order`,
    );
  }
});

test('every quotation is found verbatim in the section it names (white space aside)', () => {
  const sections = new Map(sources.map((source) => [source, sectionsOf(source)]));
  const whole = new Map(sources.map((source) => [source, normalised(referenceText(source))]));
  const wrong = quotedRules.flatMap(({ code, quote }) => {
    const words = normalised(quote.words);
    if (words.length === 0) return [`${code}: an empty quotation`];
    if (sections.get(quote.source)!.get(quote.section)!.includes(words)) return [];
    const where = whole.get(quote.source)!.includes(words) ? `not in “${quote.section}”` : 'nowhere';
    return [`${code}: ${where} in ${quote.source}: ${quote.words}`];
  });
  assert.deepEqual(wrong, []);
  const quoting = new Set(quotedRules.map(({ code }) => code)).size;
  assert.ok(quoting > allRules.length / 2, `most rules quote the reference (${quoting} of ${allRules.length})`);
});

test('a rule with no words of the reference says so, and its decision says what it rests on', () => {
  const ours = allRules.filter((rule) => docsOf(rule.code).quotes === notInTheReference);
  assert.deepEqual(
    ours.filter((rule) => !docsOf(rule.code).decision?.trim()).map((rule) => rule.code),
    [],
  );
  // The rules of the brief's own kind: the cap, the size limit, a check the reference does not make.
  for (const code of ['diagnostics.more', 'diagnostics.file-too-large', 'files.empty', 'json.too-deep']) {
    assert.ok(
      ours.some((rule) => rule.code === code),
      code,
    );
  }
});

test('docs/reference holds the specification byte for byte, where the shared copy is at hand', (t) => {
  const shared = join(repositoryRoot, '../shared/spec');
  if (!existsSync(shared)) {
    t.skip(`no ${shared} here`);
    return;
  }
  // The texts the pages quote, and MCP's schema the envelope rule is generated from.
  const copies = readdirSync(join(repositoryRoot, 'docs/reference'));
  assert.deepEqual(
    copies.filter((name) => name.endsWith('.txt')).sort(),
    sources.map((source) => `${source}.txt`).sort(),
  );
  for (const name of copies) {
    const copy = readFileSync(join(repositoryRoot, 'docs/reference', name));
    assert.ok(copy.equals(readFileSync(join(shared, name))), `docs/reference/${name}`);
  }
});

test('a page quotes the reference after what the rule checks and before why its severity', () => {
  const page = rulePages().get('permissions.relative-static.md')!;
  const quoted = [
    '## What the reference says',
    '',
    // Markdown would read ** as bold: the words are escaped there, and only there.
    '> Relative static patterns are resolved against the app process’s working directory, not the plugin’s ' +
      'directory — "./cache/\\*\\*" does not mean the plugin’s own cache/; write "${dataDir}/cache/\\*\\*" ' +
      '(the plugin’s data directory) or an absolute path.',
    '>',
    '> Patterns beginning with \\* (e.g. \\*\\*/.env) are matched as globs without resolution.',
    '>',
    '> — Manifest reference, “permissions”',
    '',
    '## Why a warning',
  ].join('\n');
  assert.ok(page.includes(quoted), page.slice(0, 1500));
  assert.ok(
    page.indexOf(quoted) > page.indexOf(allRules.find((r) => r.code === 'permissions.relative-static')!.description),
  );
  const guide = rulePages().get('tools.id-dot.md')!;
  assert.ok(guide.includes('> — Tools guide, “Declaring a tool”'), guide);
  const ours = rulePages().get('files.empty.md')!;
  assert.match(ours, /## What the reference says\n\nNothing: this rule is one of ours, not the reference’s\./);
});

// What the compiler refuses (the build fails if one of these compiles).
const examples = { incorrect: [{ manifest: '«{}»' }], correct: [{ manifest: '{}' }] } as const;
const rule = defineRule({ code: 'x.rule', severity: 'warning', description: 'x', message: () => 'x' });
export const withoutQuotes = () =>
  // @ts-expect-error a rule must quote the reference or say it does not
  ruleDocs(rule, { examples });
export const oursWithoutDecision = () =>
  // @ts-expect-error a rule of ours must have a decision that says what it rests on
  ruleDocs(rule, { quotes: notInTheReference, examples });
export const oursWithDecision = () => ruleDocs(rule, { decision: 'Ours.', quotes: notInTheReference, examples });
export const noQuotation = () =>
  // @ts-expect-error at least one quotation
  ruleDocs(rule, { decision: 'Ours.', quotes: [], examples });
export const unknownSection = (): Quote =>
  // @ts-expect-error a section is one of its page's headings
  manifestReference('Declaring a tool', 'id is the MCP tool name the model calls by.');
