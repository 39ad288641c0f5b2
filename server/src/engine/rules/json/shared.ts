import { edit, type Fix } from '../../fixes/fix';

export const messages: Readonly<Record<string, string>> = {
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

export const byteOrderMark = '\uFEFF';

/** A syntax finding: the parser's error name, or `empty`, or `byte-order-mark` (JSON.parse rejects one). */
export interface SyntaxData {
  detail: string;
}

/** The byte-order mark, removed. */
export const removeByteOrderMark: Fix<SyntaxData> = ({ detail }, { analysis }) =>
  detail === 'byte-order-mark' && analysis.document.text.startsWith(byteOrderMark)
    ? edit('Remove the byte-order mark', [{ offset: 0, length: 1, newText: '' }])
    : [];
