import { edit, unattended, type Fix } from '../fixes/fix';
import { own } from '../own';
import { plugin, text } from './examples';
import { defineRule, defineRules, type RuleArea } from './rule';
import { notInTheReference } from './reference';

const messages: Readonly<Record<string, string>> = {
  InvalidSymbol: 'Invalid symbol.',
  InvalidNumberFormat: 'Invalid number.',
  PropertyNameExpected: 'A property name in double quotes is expected.',
  ValueExpected: 'A value is expected.',
  ColonExpected: 'A colon is expected.',
  IncompleteProperty:
    'This property is not complete. It needs a name in double quotes, a colon, a value and then a comma: until it has them, the rest of the object is read without it.',
  CommaExpected: 'A comma is expected.',
  CloseBraceExpected: 'A closing brace is expected.',
  CloseBracketExpected: 'A closing bracket is expected.',
  EndOfFileExpected: 'The manifest must hold one JSON value; text follows it.',
  InvalidCommentToken: 'Invalid comment.',
  UnexpectedEndOfComment: 'The comment is not closed.',
  UnexpectedEndOfString: 'The string is not closed.',
  UnexpectedEndOfNumber: 'The number is not complete.',
  InvalidUnicode: 'Invalid unicode escape.',
  InvalidEscapeCharacter: 'Invalid escape character.',
  InvalidCharacter: 'Invalid character in a string (control characters must be escaped).',
};

const byteOrderMark = '\uFEFF';

/** A syntax finding: the parser's error name, or `empty`, or `byte-order-mark` (JSON.parse rejects one). */
interface SyntaxData {
  detail: string;
}

/** The byte-order mark, removed. */
const removeByteOrderMark: Fix<SyntaxData> = unattended(({ detail }, { analysis }) =>
  detail === 'byte-order-mark' && analysis.document.text.startsWith(byteOrderMark)
    ? edit('Remove the byte-order mark', [{ offset: 0, length: 1, newText: '' }])
    : [],
);

const definitions = defineRules([
  defineRule({
    code: 'json.syntax',
    severity: 'error',
    description: 'The manifest must be valid JSON.',
    decision:
      'The reference names no syntax, and shows every manifest as JSON: the manifest is read as JSON.parse reads it. A byte-order mark at the start is a syntax error too, said as such: JSON.parse rejects the U+FEFF a UTF-8 file read as text keeps.',
    quotes: notInTheReference,
    message: ({ detail }: SyntaxData) =>
      detail === 'empty'
        ? 'The manifest is empty. Write one JSON object, with at least `name`, `displayName` and `version`.'
        : detail === 'byte-order-mark'
          ? 'The manifest starts with a byte-order mark (U+FEFF), which the JSON parser of Filer rejects. Save it as UTF-8 without the mark.'
          : (own(messages, detail) ?? `Invalid JSON (${detail}).`),
    fix: removeByteOrderMark,
    examples: {
      incorrect: [
        {
          manifest: `«\uFEFF»${plugin(`"description": "Counts the words in a text file."`)}`,
          fixed: {
            title: 'Remove the byte-order mark',
            manifest: plugin(`
              "description": "Counts the words in a text file."`),
          },
        },
        {
          manifest: text(`
            {
              "name": "word-count",
              "displayName": "Word Count"
              «"version"»: "1.0.0"
            }`),
        },
      ],
      correct: [{ manifest: plugin(`"description": "Counts the words in a text file."`) }],
    },
  }),
  defineRule({
    code: 'json.comment',
    severity: 'error',
    description: 'Comments are not allowed: the loader reads JSON, not JSON with comments.',
    decision:
      'The reference names no syntax, and shows every manifest as JSON: the manifest is read as JSON.parse reads it, and a comment is a syntax error there.',
    quotes: notInTheReference,
    message: (_: Record<string, never>) =>
      'Comments are not allowed in the manifest, as Filer reads it as strict JSON.',
    examples: {
      incorrect: [{ manifest: plugin(`«// Counts the words in a text file.»\n"keywords": ["words"]`) }],
      correct: [{ manifest: plugin(`"description": "Counts the words in a text file.",\n"keywords": ["words"]`) }],
    },
  }),
  defineRule({
    code: 'json.trailing-comma',
    severity: 'error',
    description: 'Trailing commas are not allowed: the loader reads JSON.',
    decision:
      'The reference names no syntax, and shows every manifest as JSON: the manifest is read as JSON.parse reads it, and a trailing comma is a syntax error there.',
    quotes: notInTheReference,
    message: (_: Record<string, never>) =>
      'Trailing comma. Filer reads the manifest as strict JSON, which does not allow one.',
    examples: {
      incorrect: [{ manifest: plugin(`"keywords": ["words", "count"]«,»`) }],
      correct: [{ manifest: plugin(`"keywords": ["words", "count"]`) }],
    },
  }),
  defineRule({
    code: 'json.duplicate-key',
    severity: 'warning',
    description: 'A key given twice in one object: the loader keeps the last one and ignores the others.',
    decision:
      'A warning, not an error: JSON.parse accepts duplicates. Every occurrence is marked, the last (the one the loader keeps) as such, as VS Code\u2019s own JSON validation marks each ("Duplicate object key"): where that validation runs beside ours (a manifest open in VS Code, json.validate.enable on), its words are shown and these are left out, so that a key given twice is counted twice in the Problems panel whichever files are open, as in the CLI, and not said three times.',
    quotes: notInTheReference,
    message: ({ key, kept }: { key: string; kept?: true }) =>
      kept
        ? `Duplicate key \`${key}\`. Filer keeps this one, the last, and ignores the others.`
        : `Duplicate key \`${key}\`. Filer keeps only the last one, so it ignores this one.`,
    examples: {
      incorrect: [
        {
          manifest: text(`
            {
              "name": "word-count",
              «"version"»: "1.0.0",
              "displayName": "Word Count",
              "version": "1.1.0"
            }`),
          // At each occurrence: the second one is the one the loader keeps.
          alsoReported: ['json.duplicate-key'],
        },
      ],
      correct: [{ manifest: plugin(`"description": "Counts the words in a text file."`) }],
    },
  }),
  defineRule({
    code: 'json.too-deep',
    severity: 'error',
    description: 'Nesting deeper than 512 levels is not validated.',
    decision:
      'No real manifest nests this deep; the limit keeps the parsers from exhausting the stack. A container that opens past it is read as empty, and the rest of the manifest is validated. An error although the loader may read it: nothing below the limit is checked, so a CI run must not pass it.',
    quotes: notInTheReference,
    message: ({ limit }: { limit: string }) =>
      `This value nests deeper than ${limit} levels: what it holds is not validated (it is read as empty).`,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "views": [
                { "id": "word-stats", "title": "Word statistics",
                  "definition": ${'['.repeat(508)}«[»${']'.repeat(509)} }
              ]
            }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "views": [
                { "id": "word-stats", "title": "Word statistics",
                  "definition": { "rows": [{ "cells": [{ "text": "Words" }, { "count": "words" }] }] } }
              ]
            }`),
        },
      ],
    },
  }),
]);

/** The rule of each kind of syntax finding. */
const codeOfKind = {
  syntax: 'json.syntax',
  comment: 'json.comment',
  'trailing-comma': 'json.trailing-comma',
  'duplicate-key': 'json.duplicate-key',
  'too-deep': 'json.too-deep',
} as const;

/** JSON syntax as the loader reads it: strict JSON, one value. */
export const syntaxRules: RuleArea<typeof definitions> = {
  rules: definitions,
  check({ model, report, countBeyond }) {
    const notKept = model.document.findingsNotKept;
    for (const kind of Object.keys(notKept) as (keyof typeof notKept)[]) countBeyond(codeOfKind[kind], notKept[kind]!);
    for (const finding of model.document.findings) {
      switch (finding.kind) {
        case 'syntax':
          if (model.document.text.trim() === '') report('json.syntax', { offset: 0, length: 0 }, { detail: 'empty' });
          else if (finding.offset === 0 && model.document.text.startsWith(byteOrderMark))
            report('json.syntax', { offset: 0, length: 1 }, { detail: 'byte-order-mark' });
          else report('json.syntax', finding, { detail: finding.detail });
          break;
        case 'comment':
          report('json.comment', finding, {});
          break;
        case 'trailing-comma':
          report('json.trailing-comma', finding, {});
          break;
        case 'duplicate-key':
          report('json.duplicate-key', finding, { key: finding.detail, ...(finding.kept ? { kept: true } : {}) });
          break;
        case 'too-deep':
          report('json.too-deep', finding, { limit: finding.detail });
          break;
      }
    }
  },
};
