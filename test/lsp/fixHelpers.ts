import assert from 'node:assert/strict';
import { FileChangeType, type CodeAction, type Diagnostic } from 'vscode-languageserver-protocol/node';
import type { RuleCode } from '../../server/src/engine';
import { applyWorkspaceEdit, type LspClient } from './lspClient';

/**
 * The quick fixes offered for the first diagnostic with `code`, as a client asks for them (the diagnostic sent back
 * with its data).
 */
export async function quickFixesFor(
  client: LspClient,
  uri: string,
  code: RuleCode,
): Promise<{ diagnostic: Diagnostic; actions: CodeAction[] }> {
  const diagnostics = await client.diagnostics(uri);
  const diagnostic = diagnostics.find((d) => d.code === code);
  assert.ok(diagnostic, `a ${code} diagnostic among ${diagnostics.map((d) => d.code).join(', ')}`);
  const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: diagnostic.range,
    context: { diagnostics: [diagnostic], only: ['quickfix'] },
  });
  return { diagnostic, actions };
}

export function pickFix(actions: CodeAction[], title: string | RegExp): CodeAction {
  const action = actions.find((candidate) =>
    typeof title === 'string' ? candidate.title === title : title.test(candidate.title),
  );
  assert.ok(action, `a fix titled ${title} among: ${actions.map((a) => a.title).join(' | ')}`);
  return action;
}

/** Applies a fix to the open document (and the disk) and tells the server, as an editor would; returns the new text. */
export async function applyFix(client: LspClient, uri: string, action: CodeAction): Promise<string> {
  const results = applyWorkspaceEdit(action.edit!, new Map([[uri, client.text(uri)]]));
  for (const created of results.keys()) if (created !== uri) await client.fileChanged(created, FileChangeType.Created);
  const text = results.get(uri);
  if (text === undefined) return client.text(uri);
  await client.replaceText(uri, text);
  return text;
}
