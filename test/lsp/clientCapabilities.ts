/**
 * The `ClientCapabilities` real editors declare in `initialize`, word for word, so that a test can
 * speak to the server as each of them does. Each was read from that client's own source, at the
 * version named (the packages Debian ships, which the real-editor suite runs):
 *
 * - VS Code: what vscode-languageclient 11.0.0 (the client this extension ships) computes in
 *   `computeClientCapabilities()` with every built-in feature registered, for our client options.
 * - Neovim 0.7.2 (Debian 12), 0.10.4 (Debian 13) and 0.12.4 (Debian sid):
 *   `vim.lsp.protocol.make_client_capabilities()` in runtime/lua/vim/lsp/protocol.lua, on Linux
 *   (`didChangeWatchedFiles.dynamicRegistration` is true only on macOS and Windows).
 * - Helix 25.07.1 (Debian sid's `hx` 25.07.1+20260723, a snapshot of Helix's master branch of
 *   2026-07-23, with pull diagnostics): `Client::initialize` in helix-lsp/src/client.rs, serialized
 *   as helix-lsp-types does (camelCase, `None` left out), snippets on (the default).
 * - Eglot 1.9 (Debian 12's elpa-eglot, Emacs 28.2): `eglot-client-capabilities` in eglot.el, with
 *   neither yasnippet nor markdown-mode installed (then snippets are off and hovers plaintext).
 *
 * What matters to this server, and differs between them:
 *
 * | | pull diagnostics | diagnostic refresh | watched files | `workspace/configuration` | creates files |
 * |---|---|---|---|---|---|
 * | VS Code | yes | `workspace.diagnostics.refreshSupport` | yes | yes | yes |
 * | Neovim 0.7 | no | no | no | not declared (answered) | no `documentChanges` |
 * | Neovim 0.10 | yes (pulls a buffer on its own edits only) | no: pushed to instead | no (Linux) | yes | no `documentChanges` |
 * | Neovim 0.12 | yes | `workspace.diagnostics.refreshSupport` | no (Linux) | yes | no `documentChanges` |
 * | Helix 25.07 | yes | `workspace.diagnostic.refreshSupport` (singular) | declared; reports only files Helix writes | yes | yes |
 * | Eglot 1.9 | no | no | yes | yes | no `resourceOperations` |
 */
import type { ClientCapabilities, CompletionItemKind, SymbolKind } from 'vscode-languageserver-protocol/node';

const completionItemKinds = Array.from({ length: 25 }, (_, i) => (i + 1) as CompletionItemKind);
const symbolKinds = Array.from({ length: 26 }, (_, i) => (i + 1) as SymbolKind);

export const vscodeCapabilities: ClientCapabilities = {
  workspace: {
    applyEdit: true,
    workspaceEdit: {
      documentChanges: true,
      resourceOperations: ['create', 'rename', 'delete'],
      failureHandling: 'textOnlyTransactional',
      normalizesLineEndings: true,
      changeAnnotationSupport: { groupsOnLabel: true },
      metadataSupport: true,
      snippetEditSupport: true,
    },
    configuration: true,
    didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: true },
    symbol: { dynamicRegistration: true, symbolKind: { valueSet: symbolKinds }, tagSupport: { valueSet: [1] }, resolveSupport: { properties: ['location.range'] } },
    codeLens: { refreshSupport: true },
    executeCommand: { dynamicRegistration: true },
    didChangeConfiguration: { dynamicRegistration: true },
    workspaceFolders: true,
    foldingRange: { refreshSupport: true },
    semanticTokens: { refreshSupport: true },
    fileOperations: { dynamicRegistration: true, didCreate: true, didRename: true, didDelete: true, willCreate: true, willRename: true, willDelete: true },
    inlineValue: { refreshSupport: true },
    inlayHint: { refreshSupport: true },
    diagnostics: { refreshSupport: true },
    textDocumentContent: { dynamicRegistration: true },
  },
  textDocument: {
    publishDiagnostics: { relatedInformation: true, versionSupport: false, tagSupport: { valueSet: [1, 2] }, codeDescriptionSupport: true, dataSupport: true },
    filters: { relativePatternSupport: true },
    synchronization: { dynamicRegistration: true, willSave: true, willSaveWaitUntil: true, didSave: true },
    completion: {
      dynamicRegistration: true,
      contextSupport: true,
      completionItem: {
        snippetSupport: true,
        commitCharactersSupport: true,
        documentationFormat: ['markdown', 'plaintext'],
        deprecatedSupport: true,
        preselectSupport: true,
        tagSupport: { valueSet: [1] },
        insertReplaceSupport: true,
        resolveSupport: { properties: ['documentation', 'detail', 'additionalTextEdits'] },
        insertTextModeSupport: { valueSet: [1, 2] },
        labelDetailsSupport: true,
      },
      insertTextMode: 2,
      completionItemKind: { valueSet: completionItemKinds },
      completionList: { itemDefaults: ['commitCharacters', 'editRange', 'insertTextFormat', 'insertTextMode', 'data'], applyKindSupport: true },
    },
    hover: { dynamicRegistration: true, contentFormat: ['markdown', 'plaintext'] },
    signatureHelp: {
      dynamicRegistration: true,
      signatureInformation: { documentationFormat: ['markdown', 'plaintext'], parameterInformation: { labelOffsetSupport: true }, activeParameterSupport: true, noActiveParameterSupport: true },
      contextSupport: true,
    },
    definition: { dynamicRegistration: true, linkSupport: true },
    references: { dynamicRegistration: true },
    documentHighlight: { dynamicRegistration: true },
    documentSymbol: { dynamicRegistration: true, symbolKind: { valueSet: symbolKinds }, hierarchicalDocumentSymbolSupport: true, tagSupport: { valueSet: [1] }, labelSupport: true },
    codeAction: {
      dynamicRegistration: true,
      isPreferredSupport: true,
      disabledSupport: true,
      dataSupport: true,
      resolveSupport: { properties: ['edit', 'command'] },
      codeActionLiteralSupport: {
        codeActionKind: { valueSet: ['', 'quickfix', 'refactor', 'refactor.extract', 'refactor.inline', 'refactor.move', 'refactor.rewrite', 'source', 'source.organizeImports', 'notebook'] },
      },
      honorsChangeAnnotations: true,
      documentationSupport: true,
      tagSupport: { valueSet: [1] },
    },
    codeLens: { dynamicRegistration: true, resolveSupport: { properties: ['command'] } },
    formatting: { dynamicRegistration: true },
    rangeFormatting: { dynamicRegistration: true, rangesSupport: true },
    onTypeFormatting: { dynamicRegistration: true },
    rename: { dynamicRegistration: true, prepareSupport: true, prepareSupportDefaultBehavior: 1, honorsChangeAnnotations: true },
    documentLink: { dynamicRegistration: true, tooltipSupport: true },
    typeDefinition: { dynamicRegistration: true, linkSupport: true },
    implementation: { dynamicRegistration: true, linkSupport: true },
    colorProvider: { dynamicRegistration: true },
    foldingRange: { dynamicRegistration: true, rangeLimit: 5000, lineFoldingOnly: true, foldingRangeKind: { valueSet: ['comment', 'imports', 'region'] }, foldingRange: { collapsedText: false } },
    declaration: { dynamicRegistration: true, linkSupport: true },
    selectionRange: { dynamicRegistration: true },
    callHierarchy: { dynamicRegistration: true },
    semanticTokens: {
      dynamicRegistration: true,
      tokenTypes: ['namespace', 'type', 'class', 'enum', 'interface', 'struct', 'typeParameter', 'parameter', 'variable', 'property', 'enumMember', 'event', 'function', 'method', 'macro', 'keyword', 'comment', 'string', 'number', 'regexp', 'operator', 'decorator', 'label'],
      tokenModifiers: ['declaration', 'definition', 'readonly', 'static', 'deprecated', 'abstract', 'async', 'modification', 'documentation', 'defaultLibrary'],
      formats: ['relative'],
      requests: { range: true, full: { delta: true } },
      multilineTokenSupport: false,
      overlappingTokenSupport: false,
      serverCancelSupport: true,
      augmentsSyntaxTokens: true,
    },
    linkedEditingRange: { dynamicRegistration: true },
    typeHierarchy: { dynamicRegistration: true },
    inlineValue: { dynamicRegistration: true },
    inlayHint: { dynamicRegistration: true, resolveSupport: { properties: ['tooltip', 'textEdits', 'label.tooltip', 'label.location', 'label.command'] } },
    diagnostic: {
      relatedInformation: true,
      tagSupport: { valueSet: [1, 2] },
      codeDescriptionSupport: true,
      dataSupport: true,
      dynamicRegistration: true,
      relatedDocumentSupport: false,
      markupMessageSupport: false,
    },
    inlineCompletion: { dynamicRegistration: true },
  },
  window: { showMessage: { messageActionItem: { additionalPropertiesSupport: true } }, showDocument: { support: true }, workDoneProgress: true },
  general: {
    staleRequestSupport: { cancel: true, retryOnContentModified: ['textDocument/semanticTokens/full', 'textDocument/semanticTokens/range', 'textDocument/semanticTokens/full/delta'] },
    regularExpressions: { engine: 'ECMAScript', version: 'ES2020' },
    markdown: { parser: 'marked', version: '1.1.0' },
    positionEncodings: ['utf-16'],
  },
  notebookDocument: { synchronization: { dynamicRegistration: true, executionSummarySupport: true } },
};

/** Neovim 0.7 sorts the values of its CodeActionKind table, which also holds the reverse lookup (names). */
const neovim07CodeActionKinds = [
  '', 'Empty', 'QuickFix', 'Refactor', 'RefactorExtract', 'RefactorInline', 'RefactorRewrite', 'Source', 'SourceOrganizeImports',
  'quickfix', 'refactor', 'refactor.extract', 'refactor.inline', 'refactor.rewrite', 'source', 'source.organizeImports',
];

export const neovim07Capabilities: ClientCapabilities = {
  textDocument: {
    synchronization: { dynamicRegistration: false, willSave: false, willSaveWaitUntil: false, didSave: true },
    codeAction: {
      dynamicRegistration: false,
      codeActionLiteralSupport: { codeActionKind: { valueSet: neovim07CodeActionKinds } },
      dataSupport: true,
      resolveSupport: { properties: ['edit'] },
    },
    completion: {
      dynamicRegistration: false,
      completionItem: { snippetSupport: false, commitCharactersSupport: false, preselectSupport: false, deprecatedSupport: false, documentationFormat: ['markdown', 'plaintext'] },
      completionItemKind: { valueSet: completionItemKinds },
      contextSupport: false,
    },
    declaration: { linkSupport: true },
    definition: { linkSupport: true },
    implementation: { linkSupport: true },
    typeDefinition: { linkSupport: true },
    hover: { dynamicRegistration: false, contentFormat: ['markdown', 'plaintext'] },
    signatureHelp: {
      dynamicRegistration: false,
      signatureInformation: { activeParameterSupport: true, documentationFormat: ['markdown', 'plaintext'], parameterInformation: { labelOffsetSupport: true } },
    },
    references: { dynamicRegistration: false },
    documentHighlight: { dynamicRegistration: false },
    documentSymbol: { dynamicRegistration: false, symbolKind: { valueSet: symbolKinds }, hierarchicalDocumentSymbolSupport: true },
    rename: { dynamicRegistration: false, prepareSupport: true },
    publishDiagnostics: { relatedInformation: true, tagSupport: { valueSet: [1, 2] } },
  },
  workspace: {
    symbol: { dynamicRegistration: false, symbolKind: { valueSet: symbolKinds }, hierarchicalWorkspaceSymbolSupport: true } as NonNullable<ClientCapabilities['workspace']>['symbol'],
    workspaceFolders: true,
    applyEdit: true,
    workspaceEdit: { resourceOperations: ['rename', 'create', 'delete'] },
  },
  callHierarchy: { dynamicRegistration: false },
  window: { workDoneProgress: true, showMessage: { messageActionItem: { additionalPropertiesSupport: false } }, showDocument: { support: false } },
} as ClientCapabilities;

/** Neovim 0.10.4 (Debian 13), as that Neovim prints make_client_capabilities(): pull diagnostics, but no refresh. */
export const neovim010Capabilities: ClientCapabilities = {
  general: { positionEncodings: ['utf-16'] },
  textDocument: {
    callHierarchy: { dynamicRegistration: false },
    codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['', 'quickfix', 'refactor', 'refactor.extract', 'refactor.inline', 'refactor.rewrite', 'source', 'source.organizeImports'] } }, resolveSupport: { properties: ['edit'] }, isPreferredSupport: true, dataSupport: true, dynamicRegistration: true },
    completion: { completionList: { itemDefaults: ['editRange', 'insertTextFormat', 'insertTextMode', 'data'] }, completionItem: { snippetSupport: false, commitCharactersSupport: false, preselectSupport: false, deprecatedSupport: false, documentationFormat: ['markdown', 'plaintext'] }, contextSupport: false, dynamicRegistration: false, completionItemKind: { valueSet: completionItemKinds } },
    declaration: { linkSupport: true },
    definition: { linkSupport: true, dynamicRegistration: true },
    diagnostic: { dynamicRegistration: false },
    documentHighlight: { dynamicRegistration: false },
    documentSymbol: { dynamicRegistration: false, symbolKind: { valueSet: symbolKinds }, hierarchicalDocumentSymbolSupport: true },
    formatting: { dynamicRegistration: true },
    hover: { contentFormat: ['markdown', 'plaintext'], dynamicRegistration: true },
    implementation: { linkSupport: true },
    inlayHint: { resolveSupport: { properties: ['textEdits', 'tooltip', 'location', 'command'] }, dynamicRegistration: true },
    publishDiagnostics: { dataSupport: true, relatedInformation: true, tagSupport: { valueSet: [1, 2] } },
    rangeFormatting: { dynamicRegistration: true },
    references: { dynamicRegistration: false },
    rename: { prepareSupport: true, dynamicRegistration: true },
    semanticTokens: { dynamicRegistration: false, formats: ['relative'], requests: { full: { delta: true }, range: false }, tokenModifiers: ['declaration', 'definition', 'readonly', 'static', 'deprecated', 'abstract', 'async', 'modification', 'documentation', 'defaultLibrary'], overlappingTokenSupport: true, multilineTokenSupport: false, serverCancelSupport: false, augmentsSyntaxTokens: true, tokenTypes: ['namespace', 'type', 'class', 'enum', 'interface', 'struct', 'typeParameter', 'parameter', 'variable', 'property', 'enumMember', 'event', 'function', 'method', 'macro', 'keyword', 'modifier', 'comment', 'string', 'number', 'regexp', 'operator', 'decorator'] },
    signatureHelp: { signatureInformation: { activeParameterSupport: true, parameterInformation: { labelOffsetSupport: true }, documentationFormat: ['markdown', 'plaintext'] }, dynamicRegistration: false },
    synchronization: { willSaveWaitUntil: true, dynamicRegistration: false, willSave: true, didSave: true },
    typeDefinition: { linkSupport: true },
  },
  workspace: {
    applyEdit: true,
    configuration: true,
    didChangeConfiguration: { dynamicRegistration: false },
    didChangeWatchedFiles: { relativePatternSupport: true, dynamicRegistration: false },
    inlayHint: { refreshSupport: true },
    semanticTokens: { refreshSupport: true },
    symbol: { symbolKind: { valueSet: symbolKinds }, dynamicRegistration: false },
    workspaceEdit: { resourceOperations: ['rename', 'create', 'delete'] },
    workspaceFolders: true,
  },
  window: {
    showDocument: { support: true },
    showMessage: { messageActionItem: { additionalPropertiesSupport: false } },
    workDoneProgress: true,
  },
} as ClientCapabilities;

export const neovim012Capabilities: ClientCapabilities = {
  general: { positionEncodings: ['utf-8', 'utf-16', 'utf-32'] },
  textDocument: {
    diagnostic: { dynamicRegistration: true, tagSupport: { valueSet: [1, 2] }, dataSupport: true, relatedInformation: true, relatedDocumentSupport: true },
    inlayHint: { dynamicRegistration: true, resolveSupport: { properties: ['textEdits', 'tooltip', 'location', 'command'] } },
    semanticTokens: {
      dynamicRegistration: false,
      tokenTypes: ['namespace', 'type', 'class', 'enum', 'interface', 'struct', 'typeParameter', 'parameter', 'variable', 'property', 'enumMember', 'event', 'function', 'method', 'macro', 'keyword', 'modifier', 'comment', 'string', 'number', 'regexp', 'operator', 'decorator'],
      tokenModifiers: ['declaration', 'definition', 'readonly', 'static', 'deprecated', 'abstract', 'async', 'modification', 'documentation', 'defaultLibrary'],
      formats: ['relative'],
      requests: { range: true, full: { delta: true } },
      overlappingTokenSupport: true,
      multilineTokenSupport: true,
      serverCancelSupport: false,
      augmentsSyntaxTokens: true,
    },
    synchronization: { dynamicRegistration: false, willSave: true, willSaveWaitUntil: true, didSave: true },
    codeAction: {
      dynamicRegistration: true,
      codeActionLiteralSupport: { codeActionKind: { valueSet: ['', 'quickfix', 'refactor', 'refactor.extract', 'refactor.inline', 'refactor.rewrite', 'source', 'source.organizeImports'] } },
      isPreferredSupport: true,
      dataSupport: true,
      resolveSupport: { properties: ['edit', 'command'] },
      disabledSupport: true,
      honorsChangeAnnotations: true,
    },
    codeLens: { dynamicRegistration: false, resolveSupport: { properties: ['command'] } },
    foldingRange: { dynamicRegistration: false, lineFoldingOnly: true, foldingRangeKind: { valueSet: ['comment', 'imports', 'region'] }, foldingRange: { collapsedText: true } },
    formatting: { dynamicRegistration: true },
    rangeFormatting: { dynamicRegistration: true, rangesSupport: true },
    completion: {
      dynamicRegistration: false,
      completionItem: {
        snippetSupport: true,
        commitCharactersSupport: false,
        preselectSupport: false,
        deprecatedSupport: true,
        documentationFormat: ['markdown', 'plaintext'],
        insertReplaceSupport: true,
        resolveSupport: { properties: ['additionalTextEdits', 'command', 'documentation'] },
        tagSupport: { valueSet: [1] },
        labelDetailsSupport: true,
      },
      completionItemKind: { valueSet: completionItemKinds },
      completionList: { itemDefaults: ['editRange', 'insertTextFormat', 'insertTextMode', 'data'] },
      contextSupport: true,
    },
    declaration: { linkSupport: true },
    definition: { linkSupport: true, dynamicRegistration: true },
    documentLink: { dynamicRegistration: false, tooltipSupport: false },
    implementation: { linkSupport: true },
    inlineCompletion: { dynamicRegistration: false },
    typeDefinition: { linkSupport: true },
    hover: { dynamicRegistration: true, contentFormat: ['markdown', 'plaintext'] },
    signatureHelp: {
      dynamicRegistration: false,
      signatureInformation: { activeParameterSupport: true, noActiveParameterSupport: true, documentationFormat: ['markdown', 'plaintext'], parameterInformation: { labelOffsetSupport: true } },
    },
    references: { dynamicRegistration: false },
    documentHighlight: { dynamicRegistration: false },
    documentSymbol: { dynamicRegistration: false, symbolKind: { valueSet: symbolKinds }, hierarchicalDocumentSymbolSupport: true, tagSupport: { valueSet: [1] } },
    rename: { dynamicRegistration: true, prepareSupport: true, honorsChangeAnnotations: true },
    publishDiagnostics: { relatedInformation: true, tagSupport: { valueSet: [1, 2] }, dataSupport: true },
    callHierarchy: { dynamicRegistration: false },
    colorProvider: { dynamicRegistration: true },
    selectionRange: { dynamicRegistration: false },
    linkedEditingRange: { dynamicRegistration: false },
    onTypeFormatting: { dynamicRegistration: false },
  },
  workspace: {
    symbol: { dynamicRegistration: false, symbolKind: { valueSet: symbolKinds } },
    configuration: true,
    didChangeConfiguration: { dynamicRegistration: false },
    workspaceFolders: true,
    applyEdit: true,
    workspaceEdit: { resourceOperations: ['rename', 'create', 'delete'], normalizesLineEndings: true, changeAnnotationSupport: { groupsOnLabel: true } },
    semanticTokens: { refreshSupport: true },
    didChangeWatchedFiles: { dynamicRegistration: false, relativePatternSupport: true },
    codeLens: { refreshSupport: true },
    inlayHint: { refreshSupport: true },
    diagnostics: { refreshSupport: true },
    fileOperations: { dynamicRegistration: false, didCreate: false, willCreate: false, didRename: false, willRename: false, didDelete: false, willDelete: false },
  },
  window: { workDoneProgress: true, showMessage: { messageActionItem: { additionalPropertiesSupport: true } }, showDocument: { support: true } },
} as ClientCapabilities;

export const helix2507Capabilities: ClientCapabilities = {
  workspace: {
    configuration: true,
    didChangeConfiguration: { dynamicRegistration: false },
    workspaceFolders: true,
    applyEdit: true,
    symbol: { dynamicRegistration: false, symbolKind: { valueSet: symbolKinds } },
    executeCommand: { dynamicRegistration: false },
    inlayHint: { refreshSupport: false },
    workspaceEdit: { documentChanges: true, resourceOperations: ['create', 'rename', 'delete'], failureHandling: 'abort', normalizesLineEndings: false },
    didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: true },
    fileOperations: { willCreate: true, didCreate: true, willRename: true, didRename: true, willDelete: true, didDelete: true },
    // helix-lsp-types spells the field `diagnostic`; the specification's is `diagnostics`.
    diagnostic: { refreshSupport: true },
  },
  textDocument: {
    completion: {
      completionItem: {
        snippetSupport: true,
        resolveSupport: { properties: ['documentation', 'detail', 'additionalTextEdits'] },
        insertReplaceSupport: true,
        deprecatedSupport: true,
        tagSupport: { valueSet: [1] },
      },
      completionItemKind: {},
    },
    hover: { contentFormat: ['markdown'] },
    signatureHelp: { signatureInformation: { documentationFormat: ['markdown'], parameterInformation: { labelOffsetSupport: true }, activeParameterSupport: true } },
    rename: { dynamicRegistration: false, prepareSupport: true, honorsChangeAnnotations: false },
    formatting: { dynamicRegistration: false },
    codeAction: {
      codeActionLiteralSupport: {
        codeActionKind: { valueSet: ['', 'quickfix', 'refactor', 'refactor.extract', 'refactor.inline', 'refactor.rewrite', 'source', 'source.organizeImports', 'source.fixAll'] },
      },
      isPreferredSupport: true,
      disabledSupport: true,
      dataSupport: true,
      resolveSupport: { properties: ['edit', 'command'] },
    },
    diagnostic: { dynamicRegistration: false, relatedDocumentSupport: true },
    publishDiagnostics: { versionSupport: true, tagSupport: { valueSet: [1, 2] } },
    inlayHint: { dynamicRegistration: false },
    documentLink: { dynamicRegistration: false, tooltipSupport: false },
    callHierarchy: { dynamicRegistration: false },
    documentSymbol: { dynamicRegistration: false, symbolKind: { valueSet: symbolKinds }, hierarchicalDocumentSymbolSupport: false },
  },
  window: { showMessage: { messageActionItem: { additionalPropertiesSupport: true } }, workDoneProgress: true, showDocument: { support: true } },
  general: { positionEncodings: ['utf-8', 'utf-32', 'utf-16'] },
} as ClientCapabilities;

export const eglot19Capabilities: ClientCapabilities = {
  workspace: {
    applyEdit: true,
    executeCommand: { dynamicRegistration: false },
    workspaceEdit: { documentChanges: true },
    didChangeWatchedFiles: { dynamicRegistration: true },
    symbol: { dynamicRegistration: false },
    configuration: true,
    workspaceFolders: true,
  },
  textDocument: {
    synchronization: { dynamicRegistration: false, willSave: true, willSaveWaitUntil: true, didSave: true },
    completion: { dynamicRegistration: false, completionItem: { snippetSupport: false, deprecatedSupport: true, tagSupport: { valueSet: [1] } }, contextSupport: true },
    hover: { dynamicRegistration: false, contentFormat: ['plaintext'] },
    signatureHelp: { dynamicRegistration: false, signatureInformation: { parameterInformation: { labelOffsetSupport: true }, activeParameterSupport: true } },
    references: { dynamicRegistration: false },
    definition: { dynamicRegistration: false, linkSupport: true },
    declaration: { dynamicRegistration: false, linkSupport: true },
    implementation: { dynamicRegistration: false, linkSupport: true },
    typeDefinition: { dynamicRegistration: false, linkSupport: true },
    documentSymbol: { dynamicRegistration: false, hierarchicalDocumentSymbolSupport: true, symbolKind: { valueSet: symbolKinds } },
    documentHighlight: { dynamicRegistration: false },
    codeAction: {
      dynamicRegistration: false,
      codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'refactor', 'refactor.extract', 'refactor.inline', 'refactor.rewrite', 'source', 'source.organizeImports'] } },
      isPreferredSupport: true,
    },
    formatting: { dynamicRegistration: false },
    rangeFormatting: { dynamicRegistration: false },
    rename: { dynamicRegistration: false },
    publishDiagnostics: { relatedInformation: false, codeDescriptionSupport: false, tagSupport: { valueSet: [1, 2] } },
  },
  experimental: {},
} as ClientCapabilities;

/** Every client above, by the name the tests print. */
export const realClients: { name: string; capabilities: ClientCapabilities }[] = [
  { name: 'VS Code (vscode-languageclient 11.0.0)', capabilities: vscodeCapabilities },
  { name: 'Neovim 0.7.2', capabilities: neovim07Capabilities },
  { name: 'Neovim 0.10.4', capabilities: neovim010Capabilities },
  { name: 'Neovim 0.12.4', capabilities: neovim012Capabilities },
  { name: 'Helix 25.07.1', capabilities: helix2507Capabilities },
  { name: 'Eglot 1.9', capabilities: eglot19Capabilities },
];
