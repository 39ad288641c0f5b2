import type { Position, Range } from '../diagnostics';

/**
 * Offset ↔ position conversion for one text. Offsets and characters are UTF-16 code units,
 * which is what JavaScript strings, jsonc-parser and LSP all count in.
 */
export class LineIndex {
  private readonly lineStarts: number[];

  constructor(private readonly text: string) {
    const starts = [0];
    if (!text.includes('\r')) {
      // The common case, several times faster than looking at every character.
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
      this.lineStarts = starts;
      return;
    }
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 13 /* \r */) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      } else if (ch === 10 /* \n */) {
        starts.push(i + 1);
      }
    }
    this.lineStarts = starts;
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
      if (this.lineStarts[mid] <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: clamped - this.lineStarts[low] };
  }

  offsetAt(position: Position): number {
    if (position.line < 0) return 0;
    if (position.line >= this.lineStarts.length) return this.text.length;
    const lineStart = this.lineStarts[position.line];
    const nextStart = position.line + 1 < this.lineStarts.length ? this.lineStarts[position.line + 1] : this.text.length;
    return Math.max(lineStart, Math.min(lineStart + position.character, nextStart));
  }

  rangeOf(offset: number, length: number): Range {
    return { start: this.positionAt(offset), end: this.positionAt(offset + length) };
  }
}
