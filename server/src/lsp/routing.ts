import {
  CancellationToken,
  CodeActionKind,
  CodeActionRequest,
  CompletionRequest,
  DefinitionRequest,
  DocumentDiagnosticRequest,
  DocumentLinkRequest,
  DocumentSymbolRequest,
  ErrorCodes,
  ExecuteCommandRequest,
  HoverRequest,
  InlayHintRequest,
  MessageType,
  PrepareRenameRequest,
  ReferencesRequest,
  RenameRequest,
  RequestType,
  ResponseError,
  ShowMessageNotification,
  WorkspaceDiagnosticRequest,
  type Connection,
  type Diagnostic,
  type RequestHandler,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import {
  computeContextMenu,
  configFileName,
  gatingReport,
  suppressInConfigTitle,
  type FindingsWanted,
  type JsonPath,
  type NamedHandler,
} from '../engine';
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
import type { PullDiagnostics } from './diagnostics/pull';
import { configCompletionItems, configHover } from './features/configAssist';
import {
  applyFixCommand,
  fixAllAction,
  fixAllKind,
  quickFixes,
  suppressionActions,
  type ApplyFixArguments,
} from './features/codeActions';
import {
  removeUnusedSuppressionActions,
  suppressInConfigActions,
  suppressInConfigCommand,
  suppressInConfigEdit,
  type SuppressInConfigArguments,
} from './features/suppressInConfig';
import { completeManifest, newManifestCompletion } from './features/completion';
import { definitionAt } from './features/definition';
import { documentLinks } from './features/documentLinks';
import { documentSymbols } from './features/documentSymbols';
import { hoverAt } from './features/hover';
import { categoryHints } from './features/inlayHints';
import { manifestStatus } from './features/manifestStatus';
import { prepareRenameAt, referencesAt, renameAt } from './features/references';
import { handlerCompletions, handlerHover } from './features/handlerAssist';
import type { HandlerFiles } from './handlerFiles';
import { filePathOf, type ManifestVersion } from './manifestCache';
import type { OpenDocuments } from './openDocuments';
import {
  array,
  boolean,
  either,
  integer,
  object,
  oneOf,
  optional,
  range,
  string,
  textDocument,
  textDocumentPosition,
  type Shape,
} from './requestParams';
import { fileUri, path } from './host';
import type { ProjectConfigs } from './projectConfigs';
import type { EditorDocument } from './editorDocument';
import { runSafe, type Logger } from './runSafe';
import type { ServerSettings } from './settings';

/**
 * What the features are answered with besides the document: the client's abilities, the settings, VS Code's JSON
 * features.
 */
interface FeatureEnvironment {
  logger: Logger;
  documents: OpenDocuments;
  handlers: HandlerFiles;
  client(): ClientFeatures;
  settings(): ServerSettings;
  builtInJson(): BuiltInJson | undefined;
  /** The pull diagnostics' two requests. */
  pull: PullDiagnostics;
  /** Where a rule's page is, for a link to it; undefined when there is none. */
  rulePage(): (code: string) => string | undefined;
  /** The project config files: where a suppression of a manifest's finding is written. */
  configs: ProjectConfigs;
  /** An open config file's diagnostics (diagnostics/core.ts); undefined for any other document. */
  configFindings(document: EditorDocument): Diagnostic[] | undefined;
}

type Route = (connection: Connection, env: FeatureEnvironment) => void;

/** What a route answers: a result or an error answer, now or later. */
type Answer<R> = R | ResponseError<never> | Promise<R | ResponseError<never>>;

const markupContent = object({ kind: oneOf('plaintext', 'markdown'), value: string });

/** A diagnostic as a client sends it back with a code action request: what the quick fixes read of it, and echo. */
const sentDiagnostic = object(
  {
    range,
    // A string, or since LSP 3.18 Markdown or plain text.
    message: either(string, markupContent, 'a string or { kind, value }'),
    code: optional(either(string, integer, 'a string or an integer')),
    severity: optional(oneOf(1, 2, 3, 4)),
  },
  '{ range, message, code?, severity? }',
);

/** Our own requests, typed as the protocol file declares them: their shapes are checked against these types. */
const contextMenuRequest = new RequestType<ContextMenuParams, ContextMenuResult, void>(contextMenuMethod);
const gatingRequest = new RequestType<GatingParams, GatingResult, void>(gatingMethod);
const manifestStatusRequest = new RequestType<ManifestStatusParams, ManifestStatus, void>(manifestStatusMethod);

/**
 * Every request the server answers, one row each: the request, what it is called in the log, the shape
 * of its params (checked before it runs: see route()), the answer for a document that is not an open
 * Filer manifest, and the feature (in features/) that answers it from the document's one parse.
 */
const routes: Route[] = [
  aboutDocument(CompletionRequest.type, 'Completion', object(textDocumentPosition), [], (entry, params, env) => {
    if (isConfigFile(entry)) return configCompletionItems(entry.document, offsetOf(entry, params.position));
    const folder = entry.folder();
    const completionEnv = {
      snippets: env.client().snippets,
      pluginFiles: folder ? () => folder.listFiles() : undefined,
      proposedElsewhere: (jsonPath: JsonPath, key: string) =>
        keyProposedByBuiltInJson(env.builtInJson(), entry.uri, jsonPath, key),
    };
    const kind = entry.recognition().kind;
    if (kind === 'other')
      return (
        handlerAt(entry, env, (handler) =>
          handlerCompletions(handler, entry.document.text, offsetOf(entry, params.position)),
        ) ?? []
      );
    if (kind === 'empty')
      return newManifestCompletion(entry.document, folder ? path.basename(folder.root) : '', completionEnv);
    if (kind !== 'filer') return [];
    return completeManifest(entry.document, entry.model, offsetOf(entry, params.position), completionEnv);
  }),
  aboutDocument(HoverRequest.type, 'Hover', object(textDocumentPosition), null, (entry, params, env) => {
    const offset = offsetOf(entry, params.position);
    const markup = env.client().hoverMarkup;
    if (isConfigFile(entry)) return configHover(entry.document, offset, markup, env.rulePage()) ?? null;
    if (entry.isFilerManifest) return hoverAt(entry.document, entry.model, offset, markup) ?? null;
    return (
      (entry.recognition().kind === 'other' &&
        handlerAt(entry, env, (handler) => handlerHover(handler, offset, markup))) ||
      null
    );
  }),
  aboutDocument(
    CodeActionRequest.type,
    'Code actions',
    object({
      textDocument,
      range,
      context: object({ diagnostics: array(sentDiagnostic), only: optional(array(string)) }),
    }),
    [],
    (entry, params, env) => {
      if (entry.version === undefined) return [];
      const { only } = params.context;
      // "Fix all" only when asked for by its kind (on save, or the Source Action menu), as ESLint's is.
      if (only && asksFor(only, fixAllKind) && entry.isFilerManifest) {
        const action = fixAllAction(fixContext(entry, entry.version, env), entry.validateOptions());
        return action ? [action] : [];
      }
      if (only && !asksFor(only, CodeActionKind.QuickFix)) return [];
      const open = env.documents.get(entry.uri);
      if (isConfigFile(entry) && open) {
        const found = env.configFindings(open) ?? [];
        const config = { uri: entry.uri, version: entry.version, text: entry.document.text };
        return removeUnusedSuppressionActions(params.context.diagnostics, found, config, env.client().documentChanges);
      }
      if (entry.isFilerManifest) {
        const fixes = quickFixes(params.context.diagnostics, fixContext(entry, entry.version, env));
        // And for each finding, an entry of the config file's `suppress` that accepts it, written when it is chosen.
        const mayWrite = entry.filePath !== undefined && env.configs.maySuppressFor(entry.filePath);
        if (!mayWrite || !env.client().applyEdit) return fixes;
        const manifest = { uri: entry.uri, analysis: entry.analysis() };
        return [...fixes, ...suppressInConfigActions(params.context.diagnostics, manifest)];
      }
      // In a handler, the fixes of its manifest's findings there: each edits its manifest (or the tool's schema). One
      // that is not open is edited by a command that reads it when it runs (ApplyFixArguments): a client that cannot
      // be asked to apply that edit gets no fix rather than an edit of a text that may have changed.
      const handler = entry.filePath === undefined ? undefined : env.handlers.manifestOf(entry.filePath);
      if (!handler) return [];
      const { version } = handler.entry;
      const fixes =
        version === undefined && !env.client().applyEdit
          ? []
          : quickFixes(params.context.diagnostics, {
              ...fixContext(handler.entry, version ?? null, env, 'with-handlers'),
              documentUri: entry.uri,
              inFile: handler.relative,
              ...(version === undefined ? { computedWhenRun: true } : {}),
            });
      // And for each finding, a comment above it that accepts it: an edit of the handler alone.
      const findings = handler.entry.analysis('with-handlers').diagnostics;
      const handlerNow = { uri: entry.uri, version: entry.version, text: entry.document.text };
      const { documentChanges } = env.client();
      const suppressions = suppressionActions(
        params.context.diagnostics,
        findings,
        handler.relative,
        handlerNow,
        documentChanges,
      );
      return [...fixes, ...suppressions];
    },
  ),
  aboutManifest(DefinitionRequest.type, 'Definition', object(textDocumentPosition), [], (entry, params) =>
    definitionAt(entry.uri, entry.document, entry.model, offsetOf(entry, params.position), linkUriIn(entry)),
  ),
  aboutManifest(
    ReferencesRequest.type,
    'References',
    object({ ...textDocumentPosition, context: object({ includeDeclaration: boolean }) }),
    [],
    (entry, params) =>
      referencesAt(
        entry.uri,
        entry.document,
        entry.model,
        offsetOf(entry, params.position),
        params.context.includeDeclaration,
      ),
  ),
  aboutManifest(
    PrepareRenameRequest.type,
    'Prepare rename',
    object(textDocumentPosition),
    null,
    (entry, params) => prepareRenameAt(entry.document, entry.model, offsetOf(entry, params.position)) ?? null,
  ),
  aboutManifest(
    RenameRequest.type,
    'Rename',
    object({ ...textDocumentPosition, newName: string }),
    null,
    (entry, params, env) =>
      entry.version === undefined
        ? null
        : renameAt(
            entry.uri,
            entry.version,
            entry.document,
            entry.model,
            offsetOf(entry, params.position),
            params.newName,
            env.client().documentChanges,
          ),
  ),
  aboutManifest(DocumentLinkRequest.type, 'Document links', object({ textDocument }), [], (entry) => {
    const fileUri = linkUriIn(entry);
    return fileUri ? documentLinks(entry.document, entry.model, fileUri) : [];
  }),
  aboutManifest(DocumentSymbolRequest.type, 'Document symbols', object({ textDocument }), [], (entry) =>
    documentSymbols(entry.document, entry.model),
  ),
  aboutManifest(InlayHintRequest.type, 'Inlay hints', object({ textDocument, range }), [], (entry, params, env) =>
    env.settings().categoryHints.enabled ? categoryHints(entry.document, entry.model, params.range) : [],
  ),
  // Pull diagnostics (diagnostics/pull.ts), for a client that declares them.
  route(
    DocumentDiagnosticRequest.type,
    object({ textDocument, previousResultId: optional(string) }),
    (params, token, env) => env.pull.documentReport(params, token),
  ),
  route(
    WorkspaceDiagnosticRequest.type,
    object({
      previousResultIds: array(object({ uri: string, value: string })),
      partialResultToken: optional(either(string, integer, 'a string or an integer')),
    }),
    (params, token, env) => env.pull.workspaceReport(params, token),
  ),
  // The preview's requests (the client's preview panel and status item).
  route(
    contextMenuRequest,
    object({ uri: string, selection: object({ kind: oneOf('file', 'files', 'folder'), names: array(string) }) }),
    (params, token, env) =>
      runSafe<ContextMenuResult>(env.logger, 'Context menu', token, () => {
        const entry = env.documents.manifestFor(params.uri);
        return entry ? computeContextMenu(entry.model, params.selection) : null;
      }),
  ),
  // The preview's Gating view: every tool with its approval category, from the same parse as the hover.
  route(gatingRequest, object({ uri: string }), (params, token, env) =>
    runSafe<GatingResult>(env.logger, 'Gating', token, () => {
      const entry = env.documents.manifestFor(params.uri);
      return entry ? gatingReport(entry.model, entry.diagnostics()) : null;
    }),
  ),
  // A fix to a manifest that is not open, when the user picks it (features/codeActions.ts, ApplyFixArguments), and
  // a suppression written to the config file (features/suppressInConfig.ts).
  (connection, env) =>
    route(
      ExecuteCommandRequest.type,
      object({
        command: string,
        arguments: optional(
          array(object({ document: optional(string), manifest: string, code: string, range, title: optional(string) })),
        ),
      }),
      async (params, token) => {
        const args = params.arguments?.[0];
        if (params.command === suppressInConfigCommand && args) {
          const title = suppressInConfigTitle(args.code);
          const edit = await runSafe(
            env.logger,
            'Suppress in config',
            token,
            () => suppressAsItIsNow(args, env) ?? null,
          );
          if (edit instanceof ResponseError) return edit;
          if (!edit) {
            void connection.sendNotification(ShowMessageNotification.type, {
              type: MessageType.Warning,
              message: `${title}: the finding is gone, or ${configFileName} cannot take the entry (it is not valid JSON, or its "suppress" is not a list); nothing was edited.`,
            });
            return null;
          }
          await connection.workspace.applyEdit({ label: title, edit });
          return null;
        }
        const fix =
          args?.document !== undefined && args.title !== undefined
            ? { ...args, document: args.document, title: args.title }
            : undefined;
        if (params.command !== applyFixCommand || !fix)
          return new ResponseError(
            ErrorCodes.InvalidParams,
            `${params.command}: not a command of this server, or no fix.`,
          );
        const edit = await runSafe(env.logger, 'Apply fix', token, () => fixAsTheFilesAreNow(fix, env) ?? null);
        if (edit instanceof ResponseError) return edit;
        if (!edit) {
          void connection.sendNotification(ShowMessageNotification.type, {
            type: MessageType.Warning,
            message: `${fix.title}: the files it edits changed since this fix was offered; nothing was edited. Ask for the fix again.`,
          });
          return null;
        }
        await connection.workspace.applyEdit({ label: fix.title, edit });
        return null;
      },
    )(connection, env),
  route(manifestStatusRequest, object({ uri: string }), (params, token, env) =>
    runSafe<ManifestStatus>(env.logger, 'Manifest status', token, () => {
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
 * One request: its params are checked against `shape` before `answer` runs (a request without params
 * or with malformed ones gets InvalidParams naming the field), and `answer` receives them typed by the
 * shape. `P extends S`: whatever the protocol allows the client to send fits the shape's type, so the
 * shape asks for nothing the protocol does not promise.
 */
function route<P extends S, R, S>(
  type: RequestType<P, R, unknown>,
  shape: Shape<S>,
  answer: (params: S, token: CancellationToken, env: FeatureEnvironment) => Answer<R>,
): Route {
  return (connection, env) =>
    connection.onRequest(type.method, ((params: unknown, maybeToken: unknown) => {
      // A request sent without params (or with an empty array) reaches its handler with the token first.
      const missing = params === undefined || CancellationToken.is(params);
      const token = [maybeToken, params].find((value) => CancellationToken.is(value)) ?? CancellationToken.None;
      const problem = missing ? 'params are missing' : shape.problem(params, 'params');
      if (problem) {
        return new ResponseError<void>(
          ErrorCodes.InvalidParams,
          `${type.method}: ${problem}; params must be ${shape.words}.`,
        );
      }
      return answer(params as S, token, env);
      // The cast: HandlerResult's conditional type cannot be matched for a generic R.
    }) as RequestHandler<unknown, R, void>);
}

/**
 * A request about one open document, whatever it holds: `answer` reads its one parse; a document
 * that is not open gets `none`.
 */
function aboutDocument<P extends S, R, S extends { textDocument: { uri: string } }>(
  type: RequestType<P, R, unknown>,
  what: string,
  shape: Shape<S>,
  none: R,
  answer: (entry: ManifestVersion, params: S, env: FeatureEnvironment) => R,
): Route {
  return route(type, shape, (params, token, env) =>
    runSafe<R>(env.logger, what, token, () => {
      const document = env.documents.get(params.textDocument.uri);
      return document ? answer(env.documents.entry(document), params, env) : none;
    }),
  );
}

/**
 * A request about one document: `answer` reads its one parse when it is an open Filer manifest; any other document gets
 * `none`.
 */
function aboutManifest<P extends S, R, S extends { textDocument: { uri: string } }>(
  type: RequestType<P, R, unknown>,
  what: string,
  shape: Shape<S>,
  none: R,
  answer: (entry: ManifestVersion, params: S, env: FeatureEnvironment) => R | ResponseError<never>,
): Route {
  return route(type, shape, (params, token, env) =>
    runSafe<R>(env.logger, what, token, () => {
      const entry = env.documents.manifestFor(params.textDocument.uri);
      return entry ? answer(entry, params, env) : none;
    }),
  );
}

/** A project config file (filer-manifest.config.json), by its name, wherever it is. */
function isConfigFile(entry: ManifestVersion): boolean {
  return entry.filePath !== undefined && path.basename(entry.filePath) === configFileName;
}

/** `answer` about the document as a handler a Filer manifest names; undefined for any other document. */
function handlerAt<R>(
  entry: ManifestVersion,
  env: FeatureEnvironment,
  answer: (handler: NamedHandler) => R | undefined,
): R | undefined {
  const handler = entry.filePath === undefined ? undefined : env.handlers.named(entry.filePath);
  return handler && answer(handler);
}

/**
 * The edit of a fix made as it is applied, from the files as they are now (read again: never the texts the code action
 * was computed from): the manifest (open, or on disk for a finding in a handler whose manifest is not open), and the
 * files the fix edits. The same finding (code and range, in the same document), the same fix (title), made through the
 * same engine fix. Undefined when either is gone, when another manifest now names the handler, or when the files no
 * longer need the edit.
 */
function fixAsTheFilesAreNow(fix: ApplyFixArguments, env: FeatureEnvironment): WorkspaceEdit | undefined {
  const finding = [{ code: fix.code, range: fix.range, message: '' }];
  const applying = (action: { title: string }) => action.title === fix.title;
  if (fix.document === fix.manifest) {
    const entry = env.documents.manifestFor(fix.manifest);
    if (entry?.version === undefined) return undefined;
    const context = { ...fixContext(entry, entry.version, env), applying: true };
    return quickFixes(finding, context).find(applying)?.edit;
  }
  const [handlerPath, manifestPath] = [filePathOf(fix.document), filePathOf(fix.manifest)];
  if (!handlerPath || !manifestPath) return undefined;
  env.handlers.forgetManifest(manifestPath);
  const found = env.handlers.manifestOf(handlerPath);
  if (found?.entry.filePath !== manifestPath) return undefined;
  const { version } = found.entry;
  return quickFixes(finding, {
    ...fixContext(found.entry, version ?? null, env, 'with-handlers'),
    documentUri: fix.document,
    inFile: found.relative,
    applying: true,
  }).find(applying)?.edit;
}

/**
 * The edit of "Suppress <code> in filer-manifest.config.json" as the files are now: the finding in the open manifest's
 * current version, and the config file found for it again and read now (features/suppressInConfig.ts).
 */
function suppressAsItIsNow(args: SuppressInConfigArguments, env: FeatureEnvironment): WorkspaceEdit | undefined {
  const entry = env.documents.manifestFor(args.manifest);
  if (entry?.filePath === undefined) return undefined;
  const target = env.configs.suppressionTarget(entry.filePath);
  if (!target) return undefined;
  const open = env.documents.openAt(target.configPath);
  const config = {
    uri: open?.uri ?? fileUri(target.configPath),
    relative: target.relative,
    text: target.text,
    version: open?.version ?? null,
  };
  const { documentChanges, createFiles } = env.client();
  return suppressInConfigEdit(args, entry.analysis(), config, { documentChanges, createFiles });
}

/** Whether a request's `only` takes a kind: it names it, or a kind above it (`source` takes `source.fixAll.filer`). */
function asksFor(only: string[], kind: string): boolean {
  return only.some((asked) => kind === asked || kind.startsWith(`${asked}.`));
}

/** What a manifest's quick fixes are computed from: its analysis, its folder, the client's abilities. */
function fixContext(
  entry: ManifestVersion,
  version: number | null,
  env: FeatureEnvironment,
  findings: FindingsWanted = 'own',
): Parameters<typeof quickFixes>[1] {
  const folder = entry.folder();
  const fileUri = fileUriIn(entry);
  return {
    uri: entry.uri,
    version,
    documentUri: entry.uri,
    analysis: entry.analysis(findings),
    fileUri,
    creatable: (relativePath) => folder?.creatable(relativePath) ?? 'outside',
    documentChanges: env.client().documentChanges,
    canCreateFiles: env.client().createFiles,
    applyEdit: env.client().applyEdit,
    folderName: folder ? path.basename(folder.root) : '',
    fileNow: (relativePath) => {
      if (!folder || !fileUri) return undefined;
      const open = env.documents.openAt(path.join(folder.root, relativePath));
      if (open) return { uri: open.uri, version: open.version, text: open.getText() };
      // Read as the rules read it: never outside the plugin folder, never past its size limit.
      const read = folder.readText(relativePath);
      return read.kind === 'text' ? { uri: fileUri(relativePath), version: null, text: read.text } : undefined;
    },
  };
}

function offsetOf(entry: ManifestVersion, position: { line: number; character: number }): number {
  return entry.document.lines.offsetAt(position);
}

function fileUriIn(entry: ManifestVersion): ((relativePath: string) => string) | undefined {
  const folder = entry.folder();
  return folder ? (relativePath) => fileUri(path.join(folder.root, relativePath)) : undefined;
}

/**
 * Like fileUriIn, but none for a path that leads out of the plugin folder: no link or definition takes the user there.
 */
function linkUriIn(entry: ManifestVersion): ((relativePath: string) => string | undefined) | undefined {
  const folder = entry.folder();
  const fileUri = fileUriIn(entry);
  return folder && fileUri
    ? (relativePath) => (folder.stat(relativePath) === 'outside' ? undefined : fileUri(relativePath))
    : undefined;
}
