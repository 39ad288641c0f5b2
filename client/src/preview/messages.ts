/**
 * The messages between the preview panel (media/preview.js, in the webview) and the extension. The
 * webview script is plain JavaScript, type-checked against this file (its JSDoc imports the types
 * below; media/tsconfig.json): this file is the contract it follows.
 */
import type {
  ContextMenuModel,
  GatingReport,
  MenuSelection,
  SelectionKind,
  SourceSpan,
} from '../../../server/src/protocol/requests';

/** What the webview renders of the server's answers. */
export type {
  ApprovalCategory,
  ContextMenuModel,
  DialogControl,
  GatingReport,
  GenerateButton,
  MenuDialog,
  MenuEntry,
  MenuSelection,
  MenuTool,
  SelectionKind,
} from '../../../server/src/protocol/requests';

/** The panel's two views: the context menu for a selection, and every tool's approval category. */
type PreviewView = 'menu' | 'gating';

/** What the webview keeps with getState/setState, and what the serializer gets back after a reload. */
export interface PreviewState {
  /** The manifest the panel previews; undefined until the extension has sent the first model. */
  manifestUri: string | undefined;
  /** A locked preview stays on its manifest; an unlocked one follows the active manifest editor. */
  locked: boolean;
  view: PreviewView;
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

export type ExtensionMessage = {
  type: 'model';
  manifestUri: string;
  locked: boolean;
  /** The manifest's path relative to its workspace folder. */
  manifestLabel: string;
  model: ContextMenuModel | null;
  /** The Gating view's data (request `filer/gating`). */
  gating: GatingReport | null;
  /** Why there is no model, in words. */
  problem: string | undefined;
};
