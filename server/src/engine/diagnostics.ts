/** The engine's diagnostic: LSP-shaped (0-based, UTF-16 positions) but free of any LSP import. */

export type Severity = 'error' | 'warning' | 'information' | 'hint';

export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

/**
 * A diagnostic of a rule whose code is `C`. The one the validator makes is `ManifestDiagnostic`
 * (rules/registry.ts: `C` is any registered code); the modules below the registry (the fixes) take any code.
 */
export interface DiagnosticOf<C extends string> {
  /**
   * The file the finding is in when it is not the manifest: a handler's plugin-relative path
   * (`tools/count.js`, as a PluginFolder is asked for it). Its range, offset and length are in that file.
   */
  file?: string;
  range: Range;
  /** Offset and length in the text, for edits that work on offsets. */
  offset: number;
  length: number;
  severity: Severity;
  code: C;
  message: string;
  /**
   * The finding's facts, of the type its rule's definition declares (read it with `dataOf`, rules/registry.ts): what
   * its message was built from and what its fix needs. Plain JSON: the LSP diagnostic carries it as `data`.
   */
  data?: unknown;
}
