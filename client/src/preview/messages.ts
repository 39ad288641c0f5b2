/**
 * The messages between the preview panel (media/preview.js, in the webview) and the extension.
 * The webview script is plain JavaScript: this file is the contract it follows.
 */
import type { ContextMenuModel, MenuSelection, SelectionKind, SourceSpan } from '../../../server/src/engine/menu/protocol';

/** What the webview keeps with getState/setState, and what the serializer gets back after a reload. */
export interface PreviewState {
  /** The manifest the panel previews. */
  manifestUri: string;
  selectionKind: SelectionKind;
  /** The names as typed, e.g. `a.md, b.md`. */
  selectionText: string;
  /** The entry whose dialog is shown, as `source:id`. */
  activeEntry: string | undefined;
}

export type WebviewMessage =
  /** Sent when the script starts (first load, or after the panel was hidden and shown again). */
  | { type: 'ready'; selection: MenuSelection | undefined }
  | { type: 'selection'; selection: MenuSelection }
  | { type: 'reveal'; location: SourceSpan };

export type ExtensionMessage =
  | {
      type: 'model';
      manifestUri: string;
      /** The manifest's path relative to its workspace folder. */
      manifestLabel: string;
      model: ContextMenuModel | null;
      /** Why there is no model, in words. */
      problem: string | undefined;
    };
