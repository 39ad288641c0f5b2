/**
 * The one escaper per output kind (server/src/engine/text/escapes.ts): terminal text, JSON, Markdown
 * text, code spans and table cells. Hostile text from a plugin folder cannot act on a terminal or a CI
 * log, nor make markup in a renderer; and what it says is still shown, as written.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jsonText, markdownCell, markdownCode, markdownText, terminalText } from '../../server/src/engine';

// markdown-it ships no types; the calls used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const MarkdownIt = require('markdown-it') as new (
  preset: string,
  options: Record<string, boolean>,
) => {
  render(markdown: string): string;
  linkify: { set(options: Record<string, boolean>): void };
};

/**
 * As GitHub renders a comment: tables, strikethrough, raw HTML allowed, and bare URLs, www. and e-mail
 * addresses made links (GitHub does not link a bare `example.com`, so neither does this).
 */
function rendered(markdown: string): string {
  const renderer = new MarkdownIt('default', { html: true, linkify: true });
  renderer.linkify.set({ fuzzyLink: false, fuzzyEmail: true });
  return renderer.render(markdown);
}

/** Every raw control, DEL, C1, separator or bidirectional character. */
const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

const hostile = [
  'x` ![beacon](https://attacker.example/b.png) `',
  'y``[run](command:workbench.action.terminal.new)',
  '<img src=https://attacker.example/c.png>',
  '<script>alert(1)</script> <!-- c --> <div>',
  '**bold** __bold__ _em_ *em* ~~gone~~ ~gone~',
  '# heading',
  '   ## heading',
  '> quote',
  '- item',
  '+ item',
  '* item',
  '1. one',
  '12) twelve',
  '---',
  '===',
  '    indented',
  '<https://attacker.example/a>',
  'https://attacker.example/p?q=1',
  'see www.attacker.example now',
  'WWW.ATTACKER.EXAMPLE',
  'mail user@attacker.example',
  'ping @user and @org/team',
  'mailto:a@b.example',
  'xmpp:a@b.example',
  'ftp://files.example/x',
  '&amp; &#60; &lt; & plain',
  '\\',
  'end\\',
  '\\*not*',
  '$x^2$ and $$\\color{red}{y}$$',
  'fixes #123',
  '[^1] [x]: https://a.example',
  'line\rbreak',
  'crlf\r\nbreak',
  'sep\u2028sep\u2029sep\u0085nel',
  '\u202eevil\u202c \u2066iso\u2069 \u200fmark',
  '\x1b[2J\x1b]0;title\x07\x1b]8;;https://a.example\x07link\x1b]8;;\x07 \x9b31m',
  '|a|b|',
  'a_b_c count_words _lead trail_',
  '```',
  '~~~',
  '##[error]forged',
  '::error ::forged',
];

/** What a reader sees of rendered HTML, as text (tags dropped, entities decoded, U+200C removed). */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\u200c/g, '')
    .replace(/\u00a0/g, ' ')
    .trim();
}

/** The text as the escapers show it: each run of line breaks as a space, the other controls as terminal escapes. */
function asShown(text: string): string {
  return terminalText(text.replace(/[\r\n\u0085\u2028\u2029]+/g, ' '))
    .replace(/##\\x5b/gi, '##[')
    .replace(/\\x3a:/, '::');
}

test('terminalText: escape sequences, line breaks, C1, DEL and bidirectional characters are shown as escapes', () => {
  assert.equal(terminalText('\x1b[2J\x1b]0;t\x07'), '\\x1b[2J\\x1b]0;t\\x07');
  assert.equal(terminalText('a\nb\rc\td\x7f\x9b\x85'), 'a\\nb\\rc\\td\\x7f\\x9b\\x85');
  assert.equal(
    terminalText('\u202eabc\u202c \u2066x\u2069 \u2028\u2029 \u200e\u200f\u061c'),
    '\\u202eabc\\u202c \\u2066x\\u2069 \\u2028\\u2029 \\u200e\\u200f\\u061c',
  );
  assert.equal(
    terminalText('plain words, café, 日本, emoji 🎉, C:\\Users'),
    'plain words, café, 日本, emoji 🎉, C:\\Users',
  );
  for (const text of hostile) assert.doesNotMatch(terminalText(text), raw, JSON.stringify(text));
});

test('terminalText: nothing can become a GitHub Actions workflow command in a log line', () => {
  // `::` is a command at the start of a line (after spaces); `##[` anywhere in one.
  assert.equal(terminalText('::error ::x'), '\\x3a:error ::x');
  assert.equal(terminalText('  \u00a0::add-mask::x'), '  \u00a0\\x3a:add-mask::x');
  assert.equal(terminalText('\n::error ::x'), '\\n::error ::x');
  assert.equal(terminalText('a ::b'), 'a ::b');
  assert.equal(
    terminalText('id ##[error]x and ##vso[task.logissue]y ##VSO[z'),
    'id ##\\x5berror]x and ##vso\\x5btask.logissue]y ##VSO\\x5bz',
  );
  for (const text of hostile) {
    const line = `    ${terminalText(text)}`;
    assert.doesNotMatch(line, /^\s*::|##(vso)?\[/i, JSON.stringify(text));
  }
});

test('jsonText: the same value when parsed, with nothing raw that JSON.stringify leaves as written', () => {
  const value = { hostile, nested: [{ 'key\u202e': 'v\x9b\u2028##[error]x' }] };
  const json = jsonText(value);
  assert.deepEqual(JSON.parse(json), value);
  assert.doesNotMatch(json, raw);
  assert.doesNotMatch(json, /##(vso)?\[/i);
  assert.equal(jsonText({ a: 'plain' }), JSON.stringify({ a: 'plain' }, null, 2));
});

test('markdownText: no link, image, HTML, emphasis, heading, list, quote, table, math, mention or autolink, and the text as written', () => {
  for (const text of hostile) {
    for (const markdown of [markdownText(text), `x ${markdownText(text)} y`, `**${markdownText(text)}**`]) {
      const html = rendered(markdown);
      const where = `${JSON.stringify(text)} → ${JSON.stringify(markdown)}\n${html}`;
      assert.match(html, /^<p>(<strong>)?[^<]*(<\/strong>)?<\/p>\n$/s, where);
      assert.doesNotMatch(html, raw, where);
      assert.doesNotMatch(textOf(html).replace(/@/g, '@\u200c'), /@[A-Za-z0-9]/, where);
    }
    assert.doesNotMatch(markdownText(text), /@[A-Za-z0-9]|[:/]\/\/|www\.|##(vso)?\[/i, JSON.stringify(text));
    // Shown as written: line breaks as spaces, controls as the terminal shows them.
    assert.equal(textOf(rendered(`x ${markdownText(text)}`)), `x ${asShown(text)}`.trim(), JSON.stringify(text));
  }
});

test('markdownText escapes only what could be markup where it stands: our words and plain ids read clean', () => {
  assert.equal(
    markdownText('Approval category read (tool count_words): never asks.'),
    'Approval category read (tool count_words): never asks.',
  );
  assert.equal(
    markdownText('a "quoted" value, 1.5 {x} = y; 100% sure? yes! ./tools/x.json #tag'),
    'a "quoted" value, 1.5 {x} = y; 100% sure? yes! ./tools/x.json #tag',
  );
  assert.equal(markdownText('*a* _b_ `c` [d] <e> ~f~ $g'), '\\*a\\* \\_b\\_ \\`c\\` [d] \\<e> \\~f\\~ \\$g');
  assert.equal(
    markdownText('a * b _ c ~ d $ 5 [x](y) ![i](u) [r][s] <b> < c & d &amp;'),
    'a * b _ c ~ d $ 5 [x\\](y) ![i\\](u) [r\\][s] \\<b> < c & d \\&amp;',
  );
  assert.equal(
    markdownText('kebab-case (^[a-z0-9]+(-[a-z0-9]+)*$), contributes.tools[].id'),
    'kebab-case (^[a-z0-9]+(-[a-z0-9]+)\\*\\$), contributes.tools[].id',
  );
  assert.equal(markdownText('[x]: https://a.example'), '\\[x]: https:/\u200c/a.example');
  assert.equal(markdownText('# h'), '\\# h');
  assert.equal(markdownText('12. x'), '12\\. x');
  assert.equal(markdownText('a - b + c > d = e'), 'a - b + c > d = e');
});

test('markdownCode: any text comes back as written from a code span, on one line', () => {
  const samples = [
    'plain',
    '`',
    '``a``',
    ' lead',
    'trail ',
    ' both ',
    '`start',
    'end`',
    'a ` b `` c',
    '[x](y)',
    '![i](u)',
    '<b>',
    '&amp;',
    '\\`',
    '*a*',
    '1. one',
    '# h',
    '$(zap)',
    '',
    'a\rb',
    'a\r\nb',
    '\u202ex\x1b[2J',
  ];
  for (const sample of samples) {
    const html = rendered(markdownCode(sample));
    const shown = sample === '' ? ' ' : asShown(sample);
    assert.equal(
      html,
      `<p><code>${shown.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')}</code></p>\n`,
      JSON.stringify(sample),
    );
  }
  assert.equal(markdownCode('##[error]x'), '`##\u200c[error]x`');
});

test('markdownCell: a table row stays one row of the same cells, whatever its cells hold', () => {
  for (const text of hostile) {
    const table = `| A | B |\n|---|---|\n| ${markdownCell(markdownCode(text))} | ${markdownCell(markdownText(text))} |\n`;
    const html = rendered(table);
    const where = `${JSON.stringify(text)}\n${html}`;
    assert.equal(html.match(/<tr>/g)?.length, 2, where);
    assert.equal(html.match(/<td>/g)?.length, 2, where);
    assert.doesNotMatch(html, /<(a|img|em|strong|del|s|h\d|li|script|div)\b/, where);
  }
});
