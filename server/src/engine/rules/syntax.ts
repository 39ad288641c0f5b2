import { defineRules, type CodeOf, type RuleArea } from './rule';

const messages: Record<string, string> = {
  InvalidSymbol: 'Invalid symbol.',
  InvalidNumberFormat: 'Invalid number.',
  PropertyNameExpected: 'A property name in double quotes is expected.',
  ValueExpected: 'A value is expected.',
  ColonExpected: 'A colon is expected.',
  CommaExpected: 'A comma is expected.',
  CloseBraceExpected: 'A closing brace `}` is expected.',
  CloseBracketExpected: 'A closing bracket `]` is expected.',
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

const definitions = defineRules([
  {
    code: 'json.syntax',
    fix: 'remove-byte-order-mark',
    severity: 'error',
    description: 'The manifest must be valid JSON.',
    decision: 'A byte-order mark at the start is a syntax error too, said as such: JSON.parse rejects the U+FEFF a UTF-8 file read as text keeps.',
  },
  {
    code: 'json.comment',
    severity: 'error',
    description: 'Comments are not allowed: the loader reads JSON, not JSON with comments.',
  },
  { code: 'json.trailing-comma', severity: 'error', description: 'Trailing commas are not allowed: the loader reads JSON.' },
  {
    code: 'json.duplicate-key',
    severity: 'warning',
    description: 'A key given twice in one object: the loader keeps the last one and ignores the others.',
    decision: 'A warning, not an error: JSON.parse accepts duplicates. Every occurrence but the last is marked, since those are the ones ignored.',
  },
  {
    code: 'json.too-deep',
    severity: 'error',
    description: 'Nesting deeper than 512 levels is not validated.',
    decision: 'No real manifest nests this deep; the limit keeps the parser from exhausting the stack. An error although the loader may read it: nothing below the limit is checked, so a CI run must not pass it.',
  },
]);

type Code = CodeOf<typeof definitions>;

/** JSON syntax as the loader reads it: strict JSON, one value. */
export const syntaxRules: RuleArea<Code> = {
  rules: definitions,
  check({ model, report }) {
    for (const finding of model.document.findings) {
      switch (finding.kind) {
        case 'syntax':
          if (model.document.text.trim() === '') {
            report('json.syntax', { offset: 0, length: 0 }, 'The manifest is empty: it is one JSON object with at least name, displayName and version.');
          } else if (finding.offset === 0 && model.document.text.startsWith(byteOrderMark)) {
            report('json.syntax', { offset: 0, length: 1 }, 'The manifest starts with a byte-order mark (U+FEFF), which JSON.parse rejects: save it as UTF-8 without a BOM.', {
              replacement: '',
            });
          } else {
            report('json.syntax', finding, messages[finding.detail] ?? `Invalid JSON (${finding.detail}).`);
          }
          break;
        case 'comment':
          report('json.comment', finding, 'Comments are not allowed in manifest.json: the loader reads strict JSON.');
          break;
        case 'trailing-comma':
          report('json.trailing-comma', finding, 'Trailing comma: the loader reads strict JSON, which does not allow one.');
          break;
        case 'duplicate-key':
          report(
            'json.duplicate-key',
            finding,
            `Duplicate key \`${finding.detail}\`: the loader keeps only the last one, so this one is ignored.`,
          );
          break;
        case 'too-deep':
          report(
            'json.too-deep',
            finding,
            `The manifest nests deeper than ${finding.detail} levels; it is not validated further.`,
          );
          break;
      }
    }
  },
};
