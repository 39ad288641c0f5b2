import * as vscode from 'vscode';
import type { LanguageClientOptions } from 'vscode-languageclient';
import { editedFilesMiddleware } from './editedFiles';
import { fileCreatingFixesMiddleware } from './fileCreatingFixes';
import { rulePagesAddress } from './shippedDocs';

/** The client id: vscode-languageclient reads the `filerManifest.trace.server` setting from it. */
export const clientId = 'filerManifest';
export const clientName = 'Filer Manifest';
export const settingsSection = 'filerManifest';

/**
 * Every JSON file (a manifest.json, or a tool's schema a manifest names, whatever its name), plus whatever
 * `filerManifest.files.include` forces in, and every JavaScript module (a handler a manifest may name): the
 * server decides which of them are Filer manifests and which files a manifest names, so a browser-extension
 * manifest, a package.json or a JavaScript file outside any plugin costs it one look and gets nothing. A schema
 * open with unsaved changes is read as the editor holds it: the manifest's findings follow its edits, and a fix
 * that edits it is made from that text.
 */
export function documentSelector(schemes: readonly string[] = ['file']): { scheme: string; pattern: string }[] {
  const include = vscode.workspace.getConfiguration(settingsSection).get<string[]>('files.include', []);
  return [
    '**/*.json',
    '**/*.{js,mjs,cjs}',
    ...include.filter((pattern) => typeof pattern === 'string' && pattern.length > 0),
  ].flatMap((pattern) => schemes.map((scheme) => ({ scheme, pattern })));
}

/**
 * VS Code's own JSON language features run beside the server, with their validation on or off
 * (`json.validate.enable`): the server leaves out what they already show (server/src/lsp/builtInJson.ts). The rule
 * pages are the extension's to show (shippedDocs.ts): the server links each diagnostic's code to the extension's URI
 * handler, which opens the page rendered. In Restricted Mode the workspace's config files are not read.
 */
export function initializationOptions(extensionId: string): {
  builtInJson: { validate: boolean };
  rulePages: string;
  workspaceTrusted: boolean;
} {
  return {
    builtInJson: { validate: vscode.workspace.getConfiguration('json').get<boolean>('validate.enable', true) },
    rulePages: rulePagesAddress(vscode.env.uriScheme, extensionId),
    // In Restricted Mode the workspace's filer-manifest.config.json files are not read (the server's log says so).
    workspaceTrusted: vscode.workspace.isTrusted,
  };
}

/**
 * What the client is told where it runs: the URI schemes of the documents the server gets (`file` on the desktop;
 * on the web also the workspace's own, `vscode-vfs` in github.dev, `vscode-remote` in code-server), how their URIs are
 * given to the server, and what the client serves it (the plugin folders' files, on the web).
 */
export interface ClientEnvironment {
  schemes: readonly string[];
  uriConverters?: LanguageClientOptions['uriConverters'];
  /** Extra initializationOptions: on the web, `serveFiles` (web/fileRequests.ts). */
  serves?: { serveFiles: true };
}

/** The options of the language client, the same on the desktop and on the web but for `environment`. */
export function clientOptions(
  context: vscode.ExtensionContext,
  outputChannel: vscode.LogOutputChannel,
  environment: ClientEnvironment,
): LanguageClientOptions {
  return {
    documentSelector: documentSelector(environment.schemes),
    outputChannel,
    traceOutputChannel: outputChannel,
    synchronize: { configurationSection: settingsSection },
    initializationOptions: { ...initializationOptions(context.extension.id), ...environment.serves },
    middleware: { ...fileCreatingFixesMiddleware, ...editedFilesMiddleware },
    uriConverters: environment.uriConverters,
  };
}
