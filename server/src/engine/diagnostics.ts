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

/** Extra facts a quick fix needs; every field is optional and depends on the rule. */
export interface FixData {
  /** JSON path of the node at fault, e.g. ["contributes", "tools", 2, "id"]. */
  path?: (string | number)[];
  /** A replacement value the fix may write (a kebab-cased id, a host name, `${dataDir}/x`). */
  replacement?: string;
  /** For unknown keys and hook names: the closest known name. */
  suggestion?: string;
  /** For a missing required field: its name. */
  missingField?: string;
  /** For a missing file: the plugin-relative path that would be created. */
  file?: string;
  /** For a tool: its index in contributes.tools. */
  toolIndex?: number;
}

export interface ManifestDiagnostic {
  range: Range;
  /** Offset and length in the text, for edits that work on offsets. */
  offset: number;
  length: number;
  severity: Severity;
  code: string;
  message: string;
  data?: FixData;
}
