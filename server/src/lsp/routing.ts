import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CodeActionKind,
  CodeActionRequest,
  CompletionRequest,
  DefinitionRequest,
  DocumentLinkRequest,
  DocumentSymbolRequest,
  ErrorCodes,
  HoverRequest,
  InlayHintRequest,
  PrepareRenameRequest,
  ReferencesRequest,
  RenameRequest,
  ResponseError,
  type CancellationToken,
  type Connection,
  type ProtocolRequestType,
  type RequestHandler,
} from 'vscode-languageserver';
import { computeContextMenu, gatingReport, type JsonPath } from '../engine';
import {
  contextMenuMethod,
  gatingMethod,
  manifestStatusMethod,
  type ContextMenuParams,
  type ContextMenuResult,
  type GatingParams,
  type GatingResult,
  type ManifestStatus,
  type ManifestStatusParams,
} from '../protocol/requests';
import { keyProposedByBuiltInJson, type BuiltInJson } from './builtInJson';
import type { ClientFeatures } from './clientFeatures';
import { quickFixes } from './features/codeActions';
import { completeManifest, newManifestCompletion } from './features/completion';
import { definitionAt } from './features/definition';
import { documentLinks } from './features/documentLinks';
import { documentSymbols } from './features/documentSymbols';
import { hoverAt } from './features/hover';
import { categoryHints } from './features/inlayHints';
import { manifestStatus } from './features/manifestStatus';
import { prepareRenameAt, referencesAt, renameAt } from './features/references';
import type { ManifestVersion } from './manifestCache';
import type { OpenDocuments } from './openDocuments';
import { documentUriOf, invalidParams, runSafe, type Logger } from './runSafe';
import type { ServerSettings } from './settings';

/** What the features are answered with besides the document: the client's abilities, the settings, VS Code's JSON features. */
interface FeatureEnvironment {
  logger: Logger;
  documents: OpenDocuments;
  client(): ClientFeatures;
  settings(): ServerSettings;
  builtInJson(): BuiltInJson | undefined;
}

type Route = (connection: Connection, env: FeatureEnvironment) => void;

/**
 * Every request the server answers besides diagnostics, one row each: the request, what it is
 * called in errors and the log, the answer for a document that is not an open Filer manifest, and
 * the feature (in features/) that answers it from the document's one parse.
 */
const routes: Route[] = [
  aboutDocument(CompletionRequest.type, 'Completion', '{ textDocument: { uri }, position }', [], (entry, params, env) => {
    const folder = entry.folder();
    const completionEnv = {
      snippets: env.client().snippets,
      pluginFiles: folder ? () => folder.listFiles() : undefined,
      proposedElsewhere: (jsonPath: JsonPath, key: string) => keyProposedByBuiltInJson(env.builtInJson(), entry.uri, jsonPath, key),
    };
    const kind = entry.recognition().kind;
    if (kind === 'empty') return newManifestCompletion(entry.document, folder ? path.basename(folder.root) : '', completionEnv);
    if (kind !== 'filer') return [];
    return completeManifest(entry.document, entry.model, offsetOf(entry, params.position), completionEnv);
  }),
  aboutManifest(HoverRequest.type, 'Hover', null, (entry, params, env) => hoverAt(entry.document, entry.model, offsetOf(entry, params.position), env.client().hoverMarkup) ?? null),
  aboutManifest(CodeActionRequest.type, 'Code actions', [], (entry, params, env) => {
    if (entry.version === undefined) return [];
    if (params.context.only && !params.context.only.some((kind) => CodeActionKind.QuickFix.startsWith(kind))) return [];
    const folder = entry.folder();
    return quickFixes(params.context.diagnostics, {
      uri: entry.uri,
      version: entry.version,
      analysis: entry.analysis(),
      fileUri: fileUriIn(entry),
      creatable: (relativePath) => folder?.creatable(relativePath) ?? 'outside',
      documentChanges: env.client().documentChanges,
      canCreateFiles: env.client().createFiles,
      folderName: folder ? path.basename(folder.root) : '',
    });
  }),
  aboutManifest(DefinitionRequest.type, 'Definition', [], (entry, params) =>
    definitionAt(entry.uri, entry.document, entry.model, offsetOf(entry, params.position), linkUriIn(entry)),
  ),
  aboutManifest(ReferencesRequest.type, 'References', [], (entry, params) =>
    referencesAt(entry.uri, entry.document, entry.model, offsetOf(entry, params.position), params.context.includeDeclaration),
  ),
  aboutManifest(PrepareRenameRequest.type, 'Prepare rename', null, (entry, params) => prepareRenameAt(entry.document, entry.model, offsetOf(entry, params.position)) ?? null),
  aboutManifest(RenameRequest.type, 'Rename', null, (entry, params, env) =>
    entry.version === undefined
      ? null
      : renameAt(entry.uri, entry.version, entry.document, entry.model, offsetOf(entry, params.position), params.newName, env.client().documentChanges),
  ),
  aboutManifest(DocumentLinkRequest.type, 'Document links', [], (entry) => {
    const fileUri = linkUriIn(entry);
    return fileUri ? documentLinks(entry.document, entry.model, fileUri) : [];
  }),
  aboutManifest(DocumentSymbolRequest.type, 'Document symbols', [], (entry) => documentSymbols(entry.document, entry.model)),
  aboutManifest(InlayHintRequest.type, 'Inlay hints', [], (entry, params, env) =>
    env.settings().categoryHints.enabled ? categoryHints(entry.document, entry.model, params.range) : [],
  ),
  // The preview's requests (the client's preview panel and status item).
  (connection, env) =>
    connection.onRequest(contextMenuMethod, (params: ContextMenuParams, token) =>
      runSafe<ContextMenuResult>(env.logger, 'Context menu', token, () => {
        if (typeof params?.uri !== 'string') return invalidParams(contextMenuMethod, '{ uri, selection }');
        if (!isMenuSelection(params.selection)) {
          return new ResponseError<never>(ErrorCodes.InvalidParams, `${contextMenuMethod}: selection must be { kind: "file" | "files" | "folder", names: string[] }.`);
        }
        const entry = env.documents.manifestFor(params.uri);
        return entry ? computeContextMenu(entry.model, params.selection) : null;
      }),
    ),
  // The preview's Gating view: every tool with its approval category, from the same parse as the hover.
  (connection, env) =>
    connection.onRequest(gatingMethod, (params: GatingParams, token) =>
      runSafe<GatingResult>(env.logger, 'Gating', token, () => {
        const entry = typeof params?.uri === 'string' ? env.documents.manifestFor(params.uri) : undefined;
        return entry ? gatingReport(entry.model) : null;
      }),
    ),
  (connection, env) =>
    connection.onRequest(manifestStatusMethod, (params: ManifestStatusParams, token) =>
      runSafe<ManifestStatus>(env.logger, 'Manifest status', token, () => {
        if (typeof params?.uri !== 'string') return invalidParams(manifestStatusMethod, '{ uri }');
        const document = env.documents.get(params.uri);
        return manifestStatus(document && env.documents.entry(document));
      }),
    ),
];

/** Registers every request of the table. */
export function routeRequests(connection: Connection, env: FeatureEnvironment): void {
  for (const route of routes) route(connection, env);
}

/**
 * A request about one open document, whatever it holds: `answer` reads its one parse; a document
 * that is not open gets `none`. The params are read inside runSafe, so that malformed ones get its error.
 */
function aboutDocument<P, R, PR, E, RO>(
  type: ProtocolRequestType<P, R, PR, E, RO>,
  what: string,
  expected: string,
  none: R,
  answer: (entry: ManifestVersion, params: P, env: FeatureEnvironment) => R,
): Route {
  return (connection, env) =>
    connection.onRequest(type, safely(env, what, (params: P) => {
      const uri = documentUriOf(params);
      if (uri === undefined) return invalidParams(what, expected);
      const document = env.documents.get(uri);
      return document ? answer(env.documents.entry(document), params, env) : none;
    }));
}

/** A request about one document: `answer` reads its one parse when it is an open Filer manifest; any other document gets `none`. */
function aboutManifest<P, R, PR, E, RO>(
  type: ProtocolRequestType<P, R, PR, E, RO>,
  what: string, none: R, answer: (entry: ManifestVersion, params: P, env: FeatureEnvironment) => R): Route {
  return (connection, env) =>
    connection.onRequest(type, safely(env, what, (params: P) => {
      const uri = documentUriOf(params);
      if (uri === undefined) return invalidParams(what, '{ textDocument: { uri }, … }');
      const entry = env.documents.manifestFor(uri);
      return entry ? answer(entry, params, env) : none;
    }));
}

/** The handler runs `work` through runSafe (the cast: HandlerResult's conditional type cannot be matched for a generic R). */
function safely<P, R, E>(env: FeatureEnvironment, what: string, work: (params: P) => R | ResponseError<never>): RequestHandler<P, R, E> {
  return ((params: P, token: CancellationToken) => runSafe<R>(env.logger, what, token, () => work(params))) as RequestHandler<P, R, E>;
}

function offsetOf(entry: ManifestVersion, position: { line: number; character: number }): number {
  return entry.document.lines.offsetAt(position);
}

function fileUriIn(entry: ManifestVersion): ((relativePath: string) => string) | undefined {
  const folder = entry.folder();
  return folder ? (relativePath) => pathToFileURL(path.join(folder.root, relativePath)).href : undefined;
}

/** Like fileUriIn, but none for a path that leads out of the plugin folder: no link or definition takes the user there. */
function linkUriIn(entry: ManifestVersion): ((relativePath: string) => string | undefined) | undefined {
  const folder = entry.folder();
  const fileUri = fileUriIn(entry);
  return folder && fileUri ? (relativePath) => (folder.stat(relativePath) === 'outside' ? undefined : fileUri(relativePath)) : undefined;
}

function isMenuSelection(value: unknown): value is ContextMenuParams['selection'] {
  const selection = value as ContextMenuParams['selection'] | undefined;
  return (
    !!selection &&
    ['file', 'files', 'folder'].includes(selection.kind) &&
    Array.isArray(selection.names) &&
    selection.names.every((name) => typeof name === 'string')
  );
}
