/**
 * A read-only view of the plugin folder (the folder that holds manifest.json). The engine never
 * touches the file system itself: the CLI and the language server pass an implementation in.
 * Paths given to it are already checked by the engine to be relative and free of `..`.
 */
export interface PluginFolder {
  /** What a plugin-relative path names. `outside` when it resolves (e.g. through a symlink) outside the folder. */
  stat(relativePath: string): FileKind;
  /** The text of a file, or why it cannot be had. Never reads outside the folder. */
  readText(relativePath: string): FileRead;
  /**
   * What `derive` computes from one file (reading it through this folder), kept until that file
   * changes, so a host that lives long (the language server) holds small facts instead of texts.
   * `purpose` tells apart what different rules derive from the same file; one purpose always
   * derives the same type. Optional: without it, the rules derive on every call.
   */
  rememberUntilChanged?<T>(relativePath: string, purpose: string, derive: () => T): T;
}

export type FileKind = 'file' | 'directory' | 'missing' | 'outside' | 'other';

export type FileRead =
  | { kind: 'text'; text: string }
  | { kind: 'missing' }
  | { kind: 'not-a-file'; what: 'directory' | 'other' }
  | { kind: 'outside' }
  | { kind: 'too-large'; size: number }
  | { kind: 'unreadable'; reason: string };
