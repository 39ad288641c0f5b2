import type { Position, Range, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { LineIndex } from '../engine';

/**
 * An open document's text as the editor has it, over the engine's LineIndex: the same answers as
 * vscode-languageserver-textdocument's TextDocument for what the server asks of it (a test compares
 * them on random edits), but one
 * line index per version, shared with that version's parse, instead of a second one of its own
 * (which that TextDocument builds over the whole text on the first edit). An edit shifts the index.
 */
export class EditorDocument {
  private constructor(
    readonly uri: string,
    readonly languageId: string,
    private currentVersion: number,
    private text: string,
    private index: LineIndex,
  ) {}

  static create(uri: string, languageId: string, version: number, text: string): EditorDocument {
    return new EditorDocument(uri, languageId, version, text, new LineIndex(text));
  }

  get version(): number {
    return this.currentVersion;
  }

  /** The line index of the current text: the parse of this version uses this very one. */
  get lines(): LineIndex {
    return this.index;
  }

  get lineCount(): number {
    return this.index.lineCount;
  }

  getText(range?: Range): string {
    if (!range) return this.text;
    return this.text.substring(this.offsetAt(range.start), this.offsetAt(range.end));
  }

  positionAt(offset: number): Position {
    return this.index.positionAt(offset);
  }

  offsetAt(position: Position): number {
    return this.index.offsetAt(position);
  }

  /**
   * Applies one change of a didChange, as TextDocument.update does (a reversed range included);
   * returns where it fell in the text as the earlier changes left it, or undefined when it replaced the whole text.
   */
  apply(change: TextDocumentContentChangeEvent): { offset: number; deletedLength: number } | undefined {
    if (!('range' in change) || change.range === undefined) {
      this.text = change.text;
      this.index = new LineIndex(change.text);
      return undefined;
    }
    const [a, b] = [this.offsetAt(change.range.start), this.offsetAt(change.range.end)];
    const [offset, end] = a <= b ? [a, b] : [b, a];
    this.text = this.text.slice(0, offset) + change.text + this.text.slice(end);
    this.index = this.index.afterEdit(this.text, { start: offset, oldEnd: end, newEnd: offset + change.text.length });
    return { offset, deletedLength: end - offset };
  }

  setVersion(version: number): void {
    this.currentVersion = version;
  }
}
