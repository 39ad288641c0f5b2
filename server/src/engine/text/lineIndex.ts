import type { Position, Range } from '../diagnostics';
import type { EditedRegion } from './editedRegion';

/**
 * Offset ↔ position conversion for one text. Offsets and characters are UTF-16 code units,
 * which is what JavaScript strings, jsonc-parser and LSP all count in.
 */
export class LineIndex {
  constructor(
    private readonly text: string,
    /**
     * 4 bytes a line, exactly as many as there are lines: one index is kept per open document.
     * Precomputed by afterEdit, or found by the parse while it reads the text (adoptStarts);
     * otherwise computed from the text when a position is first asked for. Never changed once
     * made: the indexes of later versions may share it.
     */
    private starts?: Uint32Array,
    /**
     * Set when this text has the same line starts as the one `starts` was made for, those from line
     * `from` on moved by `delta`: an edit that added and removed no line break (typing in a line) costs
     * no copy of the 4 bytes a line, however long the text.
     */
    private readonly moved?: { from: number; delta: number },
  ) {}

  private get lineStarts(): Uint32Array {
    return (this.starts ??= computeLineStarts(this.text));
  }

  /** Whether the line starts are made already: a parse then need not note them. */
  get hasStarts(): boolean {
    return this.starts !== undefined;
  }

  /**
   * The line starts of this text, found by a parse that read every character anyway: the first
   * request after an open (a hover, the editor's symbols) would otherwise scan the whole text for
   * them, some 1 ms a megabyte. Ignored when the index has its starts already.
   */
  adoptStarts(starts: Uint32Array): void {
    this.starts ??= starts;
  }

  /** Where line `line` starts (0 ≤ line < lineCount). */
  private lineStart(line: number): number {
    const start = this.lineStarts[line];
    return this.moved && line >= this.moved.from ? start + this.moved.delta : start;
  }

  /** The first line that starts at `offset` or after it (lineCount when none does). */
  private firstLineAtOrAfter(offset: number): number {
    let low = 0;
    let high = this.lineStarts.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.lineStart(mid) < offset) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /**
   * The index of `text`, the text of this index edited in `region`: the line starts before and after
   * the region are reused (shifted), only the region's own characters are looked at.
   */
  afterEdit(text: string, region: EditedRegion): LineIndex {
    const old = this.starts;
    if (!old) return new LineIndex(text);
    const delta = region.newEnd - region.oldEnd;
    // A line start p depends on the characters at p - 1 and p (a lone \r ends a line, \r\n only at \n):
    // those before the region and those after it are the same characters as before the edit.
    const before = Math.max(1, this.firstLineAtOrAfter(region.start)); // line 0 starts at 0 whatever the edit
    const after = this.firstLineAtOrAfter(region.oldEnd + 1);
    const inside: number[] = [];
    for (let p = Math.max(region.start, 1); p <= region.newEnd && p <= text.length; p++) {
      const previous = text.charCodeAt(p - 1);
      if (previous === 10 /* \n */ || (previous === 13 /* \r */ && text.charCodeAt(p) !== 10)) inside.push(p);
    }
    // No line start removed (before === after) and none added: the same starts, from `after` on moved.
    if (inside.length === 0 && before === after) {
      if (!this.moved) return new LineIndex(text, old, { from: after, delta });
      if (this.moved.from === after) return new LineIndex(text, old, { from: after, delta: this.moved.delta + delta });
    }
    const starts = new Uint32Array(before + inside.length + old.length - after);
    const movedFrom = this.moved?.from ?? old.length;
    const movedBy = this.moved?.delta ?? 0;
    starts.set(old.subarray(0, before));
    for (let i = movedFrom; i < before; i++) starts[i] += movedBy;
    starts.set(inside, before);
    let next = before + inside.length;
    for (let i = after; i < old.length; i++) starts[next++] = old[i] + delta + (i >= movedFrom ? movedBy : 0);
    return new LineIndex(text, starts);
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  positionAt(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStart(mid) <= clamped) low = mid;
      else high = mid - 1;
    }
    // Between the \r and the \n of a line break is before the line break, as vscode-languageserver-textdocument says.
    const inLineBreak =
      clamped > this.lineStart(low) &&
      this.text.charCodeAt(clamped - 1) === 13 /* \r */ &&
      this.text.charCodeAt(clamped) === 10; /* \n */
    return { line: low, character: clamped - this.lineStart(low) - (inLineBreak ? 1 : 0) };
  }

  /**
   * As LSP reads a position: a character past the end of its line means the end of that line, before its line break.
   */
  offsetAt(position: Position): number {
    if (position.line < 0) return 0;
    if (position.line >= this.lineStarts.length) return this.text.length;
    const lineStart = this.lineStart(position.line);
    let lineEnd = position.line + 1 < this.lineStarts.length ? this.lineStart(position.line + 1) : this.text.length;
    if (lineEnd > lineStart && this.text.charCodeAt(lineEnd - 1) === 10 /* \n */) lineEnd--;
    if (lineEnd > lineStart && this.text.charCodeAt(lineEnd - 1) === 13 /* \r */) lineEnd--;
    return Math.max(lineStart, Math.min(lineStart + Math.max(0, position.character), lineEnd));
  }

  rangeOf(offset: number, length: number): Range {
    return { start: this.positionAt(offset), end: this.positionAt(offset + length) };
  }
}

/** Where each line starts: counted first, so that the array is made at its size. */
function computeLineStarts(text: string): Uint32Array {
  if (!text.includes('\r')) {
    // The common case, several times faster than looking at every character.
    let count = 1;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
    const starts = new Uint32Array(count);
    let line = 1;
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts[line++] = i + 1;
    return starts;
  }
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 13 /* \r */) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    } else if (ch === 10 /* \n */) {
      starts.push(i + 1);
    }
  }
  return Uint32Array.from(starts);
}
