import type { ClientCapabilities } from 'vscode-languageserver';
import { markupFor, type Markup } from './markdown';

/** What the client declared it can do, as the server's pieces ask it. */
export interface ClientFeatures {
  /** Diagnostics are pulled: the client declares pull diagnostics and a refresh, so it pulls again when asked. */
  pullDiagnostics: boolean;
  diagnosticRefresh: boolean;
  inlayHintRefresh: boolean;
  configuration: boolean;
  dynamicConfiguration: boolean;
  dynamicWatchers: boolean;
  workspaceFolderEvents: boolean;
  snippets: boolean;
  documentChanges: boolean;
  createFiles: boolean;
  /** The server may ask it to apply an edit (`workspace/applyEdit`): how a fix to a closed manifest is applied. */
  applyEdit: boolean;
  /** Markdown, or plain text for clients whose `hover.contentFormat` prefers it (Eglot). */
  hoverMarkup: Markup;
  /** A diagnostic's code may link to a page (`codeDescription`): what the client declares for the way it gets them. */
  codeDescription: boolean;
}

/** What an editor may send as `initializationOptions`. */
export interface InitializationOptions {
  /** The settings, as `workspace/configuration` would give them (`{ filerManifest: { … } }`). */
  settings?: Record<string, unknown>;
  /** `false`: no `workspace/diagnostic` for manifests that are not open (pull clients only). */
  workspaceDiagnostics?: boolean;
  /**
   * `false` in VS Code's Restricted Mode: the workspace's filer-manifest.config.json files are not read, and the log
   * says so.
   */
  workspaceTrusted?: boolean;
  /**
   * The address of the rule pages the client shows itself, ending in `/` (the VS Code extension's:
   * `filer-docs:/docs/rules/`): a diagnostic's code links to `<rulePages><code>.md` (host/rulePages.ts).
   */
  rulePages?: string;
}

export function readClientFeatures(capabilities: ClientCapabilities): ClientFeatures {
  const { workspace, textDocument } = capabilities;
  // Helix spells it `workspace.diagnostic` (its lsp-types' name), the specification `workspace.diagnostics`.
  const diagnosticRefresh =
    !!workspace?.diagnostics?.refreshSupport ||
    !!(workspace as { diagnostic?: { refreshSupport?: boolean } } | undefined)?.diagnostic?.refreshSupport;
  // A client that pulls but cannot be asked to pull again (Neovim 0.10 pulls a buffer on its own edits
  // only) would keep a manifest's diagnostics after a file it names changed: it is pushed to instead.
  const pullDiagnostics = !!capabilities.textDocument?.diagnostic && diagnosticRefresh;
  // What it declares for the way it is given diagnostics (a link, for one): pulled, or pushed.
  const givenDiagnostics = pullDiagnostics ? textDocument?.diagnostic : textDocument?.publishDiagnostics;
  return {
    pullDiagnostics,
    diagnosticRefresh,
    inlayHintRefresh: !!workspace?.inlayHint?.refreshSupport,
    configuration: !!workspace?.configuration,
    dynamicConfiguration: !!workspace?.didChangeConfiguration?.dynamicRegistration,
    dynamicWatchers: !!workspace?.didChangeWatchedFiles?.dynamicRegistration,
    workspaceFolderEvents: !!workspace?.workspaceFolders,
    snippets: !!capabilities.textDocument?.completion?.completionItem?.snippetSupport,
    documentChanges: !!workspace?.workspaceEdit?.documentChanges,
    createFiles: !!workspace?.workspaceEdit?.resourceOperations?.includes('create'),
    applyEdit: !!workspace?.applyEdit,
    hoverMarkup: markupFor(capabilities.textDocument?.hover?.contentFormat),
    codeDescription: !!givenDiagnostics?.codeDescriptionSupport,
  };
}
