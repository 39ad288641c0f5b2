/**
 * A bare language server on vscode-languageserver: what the bench's figures cost a server
 * that validates nothing. It keeps the open documents (incremental sync, as ours does) and answers
 * pull diagnostics with an empty list, hover with nothing and completion with no items. Started by
 * `npm run bench` beside the two real servers, driven the same way, so that a goal below what this
 * server reaches (its RSS, its round trip) reads as what it is.
 */
import { createConnection, ProposedFeatures, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);

connection.onInitialize(() => ({
  capabilities: {
    textDocumentSync: TextDocumentSyncKind.Incremental,
    hoverProvider: true,
    completionProvider: {},
    diagnosticProvider: { interFileDependencies: false, workspaceDiagnostics: false },
  },
}));
connection.languages.diagnostics.on(() => ({ kind: 'full', items: [] }));
connection.onHover(() => null);
connection.onCompletion(() => []);

documents.listen(connection);
connection.listen();
