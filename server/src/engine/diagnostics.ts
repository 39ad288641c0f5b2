import type { RuleCode, RuleData } from './rules/registry';

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

export interface ManifestDiagnostic {
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
  code: string;
  message: string;
  /**
   * The finding's facts, of the type its rule's definition declares (read it with `dataOf`): what its
   * message was built from and what its fix needs. Plain JSON: the LSP diagnostic carries it as `data`.
   */
  data?: unknown;
}

/** A diagnostic's data, typed by its code; undefined for a diagnostic of another code. */
export function dataOf<C extends RuleCode>(diagnostic: ManifestDiagnostic, code: C): RuleData<C> | undefined {
  return diagnostic.code === code ? (diagnostic.data as RuleData<C>) : undefined;
}
