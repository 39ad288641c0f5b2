import { gatedMembers, type GatedMember } from './gatedMembers';

/**
 * A backslash that can spell a letter (`\x61`, `\u0061`, `\141`, `\a` in a string is "a") or nothing (a line
 * continuation): any but `\b \f \n \r \t \v`, a quote, a backslash, or `\0` before no digit. One character of
 * look-ahead: linear on any text.
 */
const spellingEscape = /\\(?![bfnrtv'"\\]|0(?!\d))/;

/**
 * The gated members a handler's text can use: those whose own name (`write` for ctx.fs.write, `toast`) is written in
 * it. The walk finds a use only through names written out (an identifier, a string key, a template without
 * expressions), and every form of a use writes the member's own name (`ctx.fs.write`, `const { write } = ctx.fs`,
 * `ctx['write']`), so a member whose name is not in the text is used nowhere in it. A text with an escape that could
 * spell a name is taken to mention every member. Read from the text alone, it tells when a parse cannot find a use.
 */
export function mentionedMembers(text: string): readonly GatedMember[] {
  if (spellingEscape.test(text)) return gatedMembers;
  return gatedMembers.filter((gated) => text.includes(gated.path[gated.path.length - 1]));
}
