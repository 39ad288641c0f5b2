/**
 * Text from a plugin folder (ids, titles, names, labels, paths, messages quoting them) as each kind of
 * output shows it: one escaper per kind, shared by the CLI and the language server. None lets that text
 * act on what reads the output: a terminal (escape sequences), a CI log (GitHub's `::command` at the
 * start of a line, `##[command]` anywhere in one), a reader (bidirectional overrides reordering what
 * is shown), a Markdown renderer (links, images, HTML, mentions, headings).
 */

/**
 * What is shown as an escape: C0 and C1 controls and DEL, the line and paragraph separators, and the
 * bidirectional formatting characters (embeddings and overrides U+202A-202E, isolates U+2066-2069, the
 * marks U+200E, U+200F and U+061C).
 */
const controls = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** What JSON.stringify leaves as written: the same set without C0, which it escapes itself. */
const controlsJsonKeeps = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** GitHub's (and Azure's) legacy workflow command, which the runner finds anywhere in a line: `##[error]`, `##vso[`. */
const legacyLogCommand = /(##(?:vso)?)\[/gi;

/** `\n`, `\r`, `\t`, else `\x1b` (below U+0100) or `\u202e`: the escapes JavaScript reads. */
function visible(character: string): string {
  if (character === '\n') return '\\n';
  if (character === '\r') return '\\r';
  if (character === '\t') return '\\t';
  const code = character.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * Text for a terminal or a log, on one line: every control and bidirectional character as an escape
 * (`\x1b`, `\r`, `\u202e`), `##[` as `##\x5b`, and a text that starts (after spaces) with `::` with its
 * first colon as `\x3a`, since it may begin a line that GitHub Actions would read as a workflow command
 * (`::error ::…`, `::add-mask::…`).
 */
export function terminalText(text: string): string {
  return text
    .replace(controls, visible)
    .replace(legacyLogCommand, '$1\\x5b')
    .replace(/^(\s*):(?=:)/, '$1\\x3a');
}

/**
 * A value as JSON (2-space indented): JSON.stringify, with what it leaves as written (C1, DEL, the
 * separators, bidirectional characters, `##[`) as `\u` escapes too. The parsed value is the same.
 */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, null, 2)
    .replace(controlsJsonKeeps, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(legacyLogCommand, '$1\\u005b');
}

/** Runs of line terminators (for CommonMark and beyond), each made one space: a text is kept on one line. */
const lineBreaks = /[\r\n\u0085\u2028\u2029]+/g;
/**
 * U+200C ZERO WIDTH NON-JOINER: invisible (Neovim shows nothing for it, where it shows U+2060 or U+200B
 * as `<2060>`), and it breaks a mention, an e-mail address or a URL a renderer would link.
 */
const joiner = '\u200c';

/**
 * Manifest text as Markdown text, never markup, wherever it is put in a line (so its neighbours are
 * unknown at its ends): only a character that CommonMark (with GitHub's extensions) could read as
 * markup where it stands is escaped, so that a reader that shows every backslash (Neovim 0.12) reads
 * clean words.
 *
 * - A run of line breaks becomes a space (no heading, list, quote or table row can start, and a lone
 *   `\r` cannot end a code span or a table row); other controls and bidirectional characters are shown
 *   as escapes, as terminalText shows them.
 * - `` ` `` always (a code span); `*`, `~` and `$` (emphasis, strikethrough, GitHub's math) unless
 *   spaces are on both sides; `_` unless spaces, or letters and digits, are on both sides; `]` before
 *   `(` or `[` (a link or an image) or at the end; `<` before what could start HTML or an autolink;
 *   `&` before what could make an entity; `\` before punctuation; and any of them at the end.
 * - At the start (which may start a line): `#`, `>`, `-`, `+`, `=`, `[`, the `.` or `)` of `1.`, and
 *   four spaces (an indented code block).
 * - A mention, an e-mail address, a URL or an issue reference is broken by an invisible U+200C after
 *   `@`, between the slashes of `//`, in `www.`, `mailto:` and `xmpp:`, and after the `#` of `#1`; so
 *   is `##[`, which a GitHub runner reads as a workflow command when the Markdown is printed to a log.
 */
export function markdownText(text: string): string {
  const flat = text.replace(lineBreaks, ' ').replace(controls, visible).replace(legacyLogCommand, `$1${joiner}[`);
  let out = '';
  for (let index = 0; index < flat.length; index++) {
    const character = flat[index];
    const before = flat[index - 1];
    const next = flat[index + 1];
    const escaped = `\\${character}`;
    switch (character) {
      case '`':
        out += escaped;
        break;
      case '*':
      case '~':
      case '$':
        out += isSpace(before) && isSpace(next) ? character : escaped;
        break;
      case '_':
        out += (isSpace(before) && isSpace(next)) || (isWord(before) && isWord(next)) ? character : escaped;
        break;
      case ']':
        out += next === undefined || next === '(' || next === '[' ? escaped : character;
        break;
      case '<':
        out += next === undefined || /[A-Za-z0-9/!?]/.test(next) ? escaped : character;
        break;
      case '&':
        out += next === undefined || /[A-Za-z0-9#]/.test(next) ? escaped : character;
        break;
      case '\\':
        out += next === undefined || asciiPunctuation.test(next) ? escaped : character;
        break;
      case '@':
        out += `@${joiner}`;
        break;
      case '/':
        out += next === '/' ? `/${joiner}` : '/';
        break;
      case '#':
        out += next !== undefined && /[0-9]/.test(next) ? `#${joiner}` : '#';
        break;
      case '.':
        out += /www$/i.test(flat.slice(Math.max(0, index - 3), index)) ? `${joiner}.` : '.';
        break;
      case ':':
        out += /(mailto|xmpp)$/i.test(flat.slice(Math.max(0, index - 6), index)) ? `${joiner}:` : ':';
        break;
      default:
        out += character;
    }
  }
  return escapeLineStart(out);
}

const asciiPunctuation = /[!-/:-@[-`{-~]/;

/** Unicode whitespace as CommonMark's flanking rules read it; a text's end is not (its neighbour is unknown). */
function isSpace(character: string | undefined): boolean {
  return character !== undefined && /\s/.test(character);
}

function isWord(character: string | undefined): boolean {
  return character !== undefined && /[\p{L}\p{N}]/u.test(character);
}

/**
 * A block marker at the start of the text: `#`, `>`, `-`, `+`, `=`, `[` (a link reference definition;
 * up to three spaces before it), or the `.`/`)` of `12.`; four spaces, which would indent a code
 * block, start with a no-break space.
 */
function escapeLineStart(markdown: string): string {
  return markdown
    .replace(/^( {0,3})([#>+=[-])/, '$1\\$2')
    .replace(/^( {0,3}\d{1,9})([.)])/, '$1\\$2')
    .replace(/^ (?= {3})/, '\u00a0');
}

/**
 * A code span that shows `text` as written: backslashes do not escape inside a code span, so the fence
 * is one backtick longer than the longest run in the text, and a space pads a text that starts or ends
 * with a backtick or a space (CommonMark strips one from each side). Line breaks become a space, other
 * controls and bidirectional characters are shown as escapes, and `##[` is broken by U+200C.
 */
export function markdownCode(text: string): string {
  const flat = text.replace(lineBreaks, ' ').replace(controls, visible).replace(legacyLogCommand, `$1${joiner}[`);
  if (flat === '') return '` `';
  let longest = 0;
  let run = 0;
  for (const character of flat) {
    run = character === '`' ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  const fence = '`'.repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(flat) ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** Markdown for a table cell (GitHub's tables): a pipe would end the cell, even inside a code span. */
export function markdownCell(markdown: string): string {
  return markdown.replace(/\|/g, '\\|');
}
