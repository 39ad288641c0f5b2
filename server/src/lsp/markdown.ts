/**
 * Text from a manifest (a tool id, a hook key, a title) shown in markdown as the text it is: every
 * ASCII punctuation character is backslash-escaped (CommonMark lets any of them be), so no part of it
 * can open a code span, a link, an image, an HTML tag or an emphasis; and line breaks become spaces,
 * so it cannot start a block of its own (a heading, a list, a fenced block).
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/\r\n|[\r\n\u2028\u2029]/g, ' ').replace(/[!-/:-@[-`{-~]/g, '\\$&');
}
