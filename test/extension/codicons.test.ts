/**
 * The preview's codicons: scripts/editor/copy-codicons.mjs (run by the build) keeps only the glyphs the preview
 * shows, so every icon the preview names must have its rule in media/codicons/codicon.css and its glyph in
 * media/codicons/codicon.ttf, as the whole font has it. The names are read here from the calls that show an icon,
 * not the way the script finds them.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { test } from 'node:test';

const root = join(__dirname, '..', '..', '..');
const codicons = join(dirname(createRequire(__filename).resolve('@vscode/codicons/package.json')), 'dist');

/** Every icon the page and its script show: `codicon-<name>` classes, icon(…) calls and the categories' icons. */
function iconsShown(): string[] {
  const page = readFileSync(join(root, 'client/src/preview/webviewHtml.ts'), 'utf8');
  const script = readFileSync(join(root, 'media/preview.js'), 'utf8');
  const quoted = (text: string) => [...text.matchAll(/'([a-z0-9-]+)'/g)].map((match) => match[1]);
  const categories = /const categoryIcons = \{([^}]*)\}/.exec(script);
  assert.ok(categories, 'media/preview.js has no categoryIcons');
  return [
    ...new Set([
      ...[...page.matchAll(/class="codicon codicon-([a-z0-9-]+)"/g)].map((match) => match[1]),
      // icon('sparkle'), icon(kind === 'prompt' ? 'comment-discussion' : 'tools'): the strings after a condition.
      ...[...script.matchAll(/\bicon\(([^()]*)\)/g)].flatMap((match) => quoted(match[1].replace(/^[^?]*\?/, ''))),
      ...quoted(categories[1]),
    ]),
  ];
}

/** name → code point, from a codicon.css. */
function codePoints(css: string): Map<string, number> {
  return new Map(
    [...css.matchAll(/\.codicon-([a-z0-9-]+):before \{ content: "\\([0-9a-f]+)" \}/g)].map((match) => [
      match[1],
      Number.parseInt(match[2], 16),
    ]),
  );
}

/** A TrueType font's tables, and the outline of the glyph its (3, 1) format 4 cmap gives a code point. */
function readFont(font: Buffer) {
  const tables = new Map<string, Buffer>();
  for (let i = 0; i < font.readUInt16BE(4); i++) {
    const record = 12 + 16 * i;
    const offset = font.readUInt32BE(record + 8);
    tables.set(
      font.toString('latin1', record, record + 4),
      font.subarray(offset, offset + font.readUInt32BE(record + 12)),
    );
  }
  const table = (tag: string) => tables.get(tag) ?? assert.fail(`no ${tag} table`);
  const cmap = table('cmap');
  let format4: Buffer | undefined;
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const record = 4 + 8 * i;
    if (cmap.readUInt16BE(record) === 3 && cmap.readUInt16BE(record + 2) === 1)
      format4 = cmap.subarray(cmap.readUInt32BE(record + 4));
  }
  assert.equal(format4?.readUInt16BE(0), 4, 'a format 4 cmap for Windows Unicode BMP');
  const sub = format4 as Buffer;
  const segments = sub.readUInt16BE(6) / 2;
  const glyphOf = (codePoint: number): number | undefined => {
    for (let s = 0; s < segments; s++) {
      const end = sub.readUInt16BE(14 + 2 * s);
      const start = sub.readUInt16BE(16 + 2 * segments + 2 * s);
      if (codePoint < start || codePoint > end) continue;
      const delta = sub.readUInt16BE(16 + 4 * segments + 2 * s);
      const rangeAt = 16 + 6 * segments + 2 * s;
      const rangeOffset = sub.readUInt16BE(rangeAt);
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
      const glyph = sub.readUInt16BE(rangeAt + rangeOffset + 2 * (codePoint - start));
      return glyph === 0 ? undefined : (glyph + delta) & 0xffff;
    }
    return undefined;
  };
  const long = table('head').readInt16BE(50) === 1;
  const loca = table('loca');
  const at = (glyph: number) => (long ? loca.readUInt32BE(4 * glyph) : 2 * loca.readUInt16BE(2 * glyph));
  const outline = (codePoint: number) => {
    const glyph = glyphOf(codePoint);
    return glyph === undefined ? undefined : table('glyf').subarray(at(glyph), at(glyph + 1));
  };
  return { tables, outline };
}

test("every icon the preview shows has its rule and its glyph, the whole font's", () => {
  const icons = iconsShown();
  assert.ok(icons.length >= 10, `the preview's icons were not found: ${icons.join(', ')}`);
  const whole = codePoints(readFileSync(join(codicons, 'codicon.css'), 'utf8'));
  const kept = codePoints(readFileSync(join(root, 'media/codicons/codicon.css'), 'utf8'));
  const wholeFont = readFont(readFileSync(join(codicons, 'codicon.ttf')));
  const keptFont = readFont(readFileSync(join(root, 'media/codicons/codicon.ttf')));
  for (const name of icons) {
    const codePoint = kept.get(name);
    assert.equal(codePoint, whole.get(name), `codicon-${name}: its code point in media/codicons/codicon.css`);
    const glyph = keptFont.outline(codePoint as number);
    assert.ok(glyph && glyph.length > 10, `codicon-${name}: no glyph in media/codicons/codicon.ttf`);
    // The same outline, but for the padding to 4 bytes the subset adds.
    const original = wholeFont.outline(codePoint as number) as Buffer;
    assert.deepEqual(glyph.subarray(0, original.length), original, `codicon-${name}: the glyph is not codicon's`);
  }
});

test('the font and the stylesheet keep the few icons the preview shows, not all of codicon', () => {
  const font = readFileSync(join(root, 'media/codicons/codicon.ttf'));
  const css = readFileSync(join(root, 'media/codicons/codicon.css'), 'utf8');
  assert.ok(font.length < 16_000, `media/codicons/codicon.ttf is ${font.length} bytes`);
  assert.ok(codePoints(css).size < 40, `media/codicons/codicon.css has ${codePoints(css).size} icons`);
  const { tables } = readFont(font);
  assert.ok(!tables.has('GSUB'));
  // The whole file sums to the constant its head table's checkSumAdjustment is made for.
  let sum = 0;
  for (let i = 0; i < font.length; i += 4) sum = (sum + font.readUInt32BE(i)) >>> 0;
  assert.equal(sum, 0xb1b0afba);
});
