// Copies the codicons the preview shows from the @vscode/codicons package into media/codicons/, the only
// folder the preview webview may load from (localResourceRoots): a font with only their glyphs and a
// stylesheet with only their classes (the whole font is 123 KB, 61 KB of the .vsix; these are a few KB). Run
// before packaging or launching the extension; media/codicons/ is generated, not committed.
//
// The icons are the ones the preview's page and script name: a `codicon-<name>` class in
// client/src/preview/webviewHtml.ts or media/preview.js, or any quoted string of media/preview.js that is a
// codicon's name (the script builds its icons' classes from such strings: icon('sparkle')). A name that is
// not a codicon is no icon, and the build says so. test/lsp/codicons.test.ts checks that every icon the
// preview names has its glyph in the font.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const source = join(dirname(createRequire(import.meta.url).resolve('@vscode/codicons/package.json')), 'dist');
const target = join(root, 'media', 'codicons');

const fail = (/** @type {string} */ message) => {
  throw new Error(`copy-codicons: ${message}`);
};

const css = readFileSync(join(source, 'codicon.css'), 'utf8');
/** Each codicon's name and code point, as codicon.css gives them: `.codicon-add:before { content: "\ea60" }`. */
const codePoints = new Map(
  [...css.matchAll(/^\.codicon-([a-z0-9-]+):before \{ content: "\\([0-9a-f]+)" \}$/gm)].map((match) => [
    match[1],
    Number.parseInt(match[2], 16),
  ]),
);
if (codePoints.size < 100)
  fail('codicon.css no longer lists its icons as \'.codicon-<name>:before { content: "\\<hex>" }\'.');

/** The icons the preview names. */
function previewIcons() {
  const page = readFileSync(join(root, 'client/src/preview/webviewHtml.ts'), 'utf8');
  const script = readFileSync(join(root, 'media/preview.js'), 'utf8');
  const classes = [...`${page}\n${script}`.matchAll(/\bcodicon-([a-z0-9-]+)/g)].map((match) => match[1]);
  const unknown = classes.filter((name) => !codePoints.has(name));
  if (unknown.length > 0) fail(`the preview names ${unknown.map((name) => `codicon-${name}`).join(', ')}: no codicon.`);
  const strings = [...script.matchAll(/(['"`])([a-z0-9-]+)\1/g)].map((match) => match[2]);
  return [...new Set([...classes, ...strings.filter((name) => codePoints.has(name))])].sort();
}

const icons = previewIcons();
// Two names may share a glyph (list-selection and selection): each code point is kept once.
const font = subsetFont(readFileSync(join(source, 'codicon.ttf')), [
  ...new Set(icons.map((name) => /** @type {number} */ (codePoints.get(name)))),
]);

// The stylesheet: codicon.css up to its icons (the @font-face, the .codicon rule and the modifiers), then one rule
// per icon kept. The font's address changes with its content, as the original's does.
const iconsStart = css.search(/^\.codicon-[a-z0-9-]+:before \{/m);
const head = css
  .slice(0, iconsStart)
  .replace(
    /url\("\.\/codicon\.ttf\?[0-9a-f]+"\)/,
    `url("./codicon.ttf?${createHash('sha256').update(font).digest('hex').slice(0, 32)}")`,
  );
if (!head.includes('@font-face') || head === css.slice(0, iconsStart))
  fail('codicon.css no longer starts with its @font-face naming ./codicon.ttf?<hash>.');
const rules = icons.map((name) => `.codicon-${name}:before { content: "\\${codePoints.get(name)?.toString(16)}" }\n`);

mkdirSync(target, { recursive: true });
writeFileSync(join(target, 'codicon.ttf'), font);
writeFileSync(join(target, 'codicon.css'), `${head.trimEnd()}\n\n${rules.join('')}`);

/**
 * A TrueType font with only the glyphs of `kept` (distinct code points), renumbered from 1 after .notdef: its cmap
 * maps each of them and nothing else, its post table names no glyph (format 3), and its GSUB (codicon's is an empty
 * ligature list) is left out. The codicon font is made of simple glyphs (svg2ttf): a composite one fails the build,
 * since its components would have to be kept and renumbered too.
 * @param {Buffer} ttf
 * @param {number[]} kept
 * @returns {Buffer}
 */
function subsetFont(ttf, kept) {
  /** @type {Map<string, Buffer>} */
  const tables = new Map();
  const numTables = ttf.readUInt16BE(4);
  for (let i = 0; i < numTables; i++) {
    const record = 12 + 16 * i;
    const offset = ttf.readUInt32BE(record + 8);
    tables.set(
      ttf.toString('latin1', record, record + 4),
      ttf.subarray(offset, offset + ttf.readUInt32BE(record + 12)),
    );
  }
  const table = (/** @type {string} */ tag) => tables.get(tag) ?? fail(`codicon.ttf has no ${tag} table.`);
  const head = Buffer.from(table('head'));
  const maxp = Buffer.from(table('maxp'));
  const hhea = Buffer.from(table('hhea'));
  const hmtx = table('hmtx');
  const loca = table('loca');
  const glyf = table('glyf');
  const numGlyphs = maxp.readUInt16BE(4);
  const longLoca = head.readInt16BE(50) === 1;
  const glyphStart = (/** @type {number} */ glyph) =>
    longLoca ? loca.readUInt32BE(4 * glyph) : 2 * loca.readUInt16BE(2 * glyph);
  const numberOfHMetrics = hhea.readUInt16BE(34);
  const metric = (/** @type {number} */ glyph) => {
    const last = Math.min(glyph, numberOfHMetrics - 1);
    const leftSideBearing =
      glyph < numberOfHMetrics
        ? hmtx.readInt16BE(4 * glyph + 2)
        : hmtx.readInt16BE(4 * numberOfHMetrics + 2 * (glyph - numberOfHMetrics));
    return [hmtx.readUInt16BE(4 * last), leftSideBearing];
  };

  const glyphOf = cmapLookup(table('cmap'));
  const glyphs = [
    0,
    ...kept.map((codePoint) => glyphOf(codePoint) ?? fail(`codicon.ttf has no glyph for U+${codePoint.toString(16)}.`)),
  ];
  for (const glyph of glyphs) if (glyph >= numGlyphs) fail(`glyph ${glyph} is past the font's ${numGlyphs}.`);

  /** @type {Buffer[]} */
  const newGlyf = [];
  const newLoca = Buffer.alloc(4 * (glyphs.length + 1));
  const newHmtx = Buffer.alloc(4 * glyphs.length);
  let at = 0;
  glyphs.forEach((glyph, index) => {
    let data = glyf.subarray(glyphStart(glyph), glyphStart(glyph + 1));
    if (data.length > 0 && data.readInt16BE(0) < 0) fail(`glyph ${glyph} is a composite glyph.`);
    if (data.length % 4 !== 0) data = Buffer.concat([data, Buffer.alloc(4 - (data.length % 4))]);
    newLoca.writeUInt32BE(at, 4 * index);
    newGlyf.push(data);
    at += data.length;
    const [advance, leftSideBearing] = metric(glyph);
    newHmtx.writeUInt16BE(advance, 4 * index);
    newHmtx.writeInt16BE(leftSideBearing, 4 * index + 2);
  });
  newLoca.writeUInt32BE(at, 4 * glyphs.length);
  head.writeInt16BE(1, 50);
  head.writeUInt32BE(0, 8);
  maxp.writeUInt16BE(glyphs.length, 4);
  hhea.writeUInt16BE(glyphs.length, 34);
  const post = Buffer.from(table('post').subarray(0, 32));
  post.writeUInt32BE(0x00030000, 0);

  const out = new Map(tables);
  out.delete('GSUB');
  out.set('head', head);
  out.set('maxp', maxp);
  out.set('hhea', hhea);
  out.set('hmtx', newHmtx);
  out.set('loca', newLoca);
  out.set('glyf', Buffer.concat(newGlyf));
  out.set('post', post);
  out.set('cmap', cmapFormat4(kept.map((codePoint, index) => [codePoint, index + 1])));
  return assemble(out);
}

/**
 * The glyph of a code point, from the font's Windows Unicode BMP subtable (3, 1), format 4.
 * @param {Buffer} cmap
 * @returns {(codePoint: number) => number | undefined}
 */
function cmapLookup(cmap) {
  const count = cmap.readUInt16BE(2);
  let subtable;
  for (let i = 0; i < count; i++) {
    const record = 4 + 8 * i;
    if (cmap.readUInt16BE(record) === 3 && cmap.readUInt16BE(record + 2) === 1)
      subtable = cmap.subarray(cmap.readUInt32BE(record + 4));
  }
  if (!subtable || subtable.readUInt16BE(0) !== 4) fail('codicon.ttf has no format 4 cmap for Windows Unicode BMP.');
  const table = /** @type {Buffer} */ (subtable);
  const segments = table.readUInt16BE(6) / 2;
  const ends = 14;
  const starts = ends + 2 * segments + 2;
  const deltas = starts + 2 * segments;
  const rangeOffsets = deltas + 2 * segments;
  return (codePoint) => {
    for (let segment = 0; segment < segments; segment++) {
      if (table.readUInt16BE(ends + 2 * segment) < codePoint) continue;
      const start = table.readUInt16BE(starts + 2 * segment);
      if (start > codePoint) return undefined;
      const delta = table.readUInt16BE(deltas + 2 * segment);
      const rangeOffset = table.readUInt16BE(rangeOffsets + 2 * segment);
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
      const glyph = table.readUInt16BE(rangeOffsets + 2 * segment + rangeOffset + 2 * (codePoint - start));
      return glyph === 0 ? undefined : (glyph + delta) & 0xffff;
    }
    return undefined;
  };
}

/**
 * A cmap table of one subtable, Windows Unicode BMP (3, 1) in format 4: one segment per code point, and the
 * closing 0xFFFF one.
 * @param {[codePoint: number, glyph: number][]} mapping
 */
function cmapFormat4(mapping) {
  const sorted = [...mapping].sort((a, b) => a[0] - b[0]);
  const segments = [...sorted.map(([codePoint, glyph]) => [codePoint, (glyph - codePoint) & 0xffff]), [0xffff, 1]];
  const count = segments.length;
  const entrySelector = Math.floor(Math.log2(count));
  const searchRange = 2 * 2 ** entrySelector;
  const length = 16 + 8 * count;
  const subtable = Buffer.alloc(length);
  subtable.writeUInt16BE(4, 0);
  subtable.writeUInt16BE(length, 2);
  subtable.writeUInt16BE(2 * count, 6);
  subtable.writeUInt16BE(searchRange, 8);
  subtable.writeUInt16BE(entrySelector, 10);
  subtable.writeUInt16BE(2 * count - searchRange, 12);
  segments.forEach(([codePoint, delta], index) => {
    subtable.writeUInt16BE(codePoint, 14 + 2 * index);
    subtable.writeUInt16BE(codePoint, 16 + 2 * count + 2 * index);
    subtable.writeUInt16BE(delta, 16 + 4 * count + 2 * index);
    // idRangeOffset stays 0: the glyph is the code point plus the delta.
  });
  const header = Buffer.alloc(12);
  header.writeUInt16BE(1, 2);
  header.writeUInt16BE(3, 4);
  header.writeUInt16BE(1, 6);
  header.writeUInt32BE(12, 8);
  return Buffer.concat([header, subtable]);
}

/**
 * The font file: the table directory (tags in order), each table at a 4-byte boundary with its checksum, and
 * head's checkSumAdjustment.
 * @param {Map<string, Buffer>} tables
 */
function assemble(tables) {
  const tags = [...tables.keys()].sort();
  const entrySelector = Math.floor(Math.log2(tags.length));
  const searchRange = 16 * 2 ** entrySelector;
  const directory = Buffer.alloc(12 + 16 * tags.length);
  directory.writeUInt32BE(0x00010000, 0);
  directory.writeUInt16BE(tags.length, 4);
  directory.writeUInt16BE(searchRange, 6);
  directory.writeUInt16BE(entrySelector, 8);
  directory.writeUInt16BE(16 * tags.length - searchRange, 10);
  const parts = [directory];
  let offset = directory.length;
  tags.forEach((tag, index) => {
    const data = /** @type {Buffer} */ (tables.get(tag));
    const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
    const record = 12 + 16 * index;
    directory.write(tag, record, 'latin1');
    directory.writeUInt32BE(checksum(padded), record + 4);
    directory.writeUInt32BE(offset, record + 8);
    directory.writeUInt32BE(data.length, record + 12);
    parts.push(padded);
    offset += padded.length;
  });
  const font = Buffer.concat(parts);
  const headOffset = directory.readUInt32BE(12 + 16 * tags.indexOf('head') + 8);
  font.writeUInt32BE((0xb1b0afba - checksum(font)) >>> 0, headOffset + 8);
  return font;
}

/** @param {Buffer} data a multiple of 4 bytes */
function checksum(data) {
  let sum = 0;
  for (let i = 0; i < data.length; i += 4) sum = (sum + data.readUInt32BE(i)) >>> 0;
  return sum;
}
