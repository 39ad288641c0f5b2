import assert from 'node:assert/strict';
import {
  FileChangeType,
  type CodeAction,
  type Diagnostic,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol/node';
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

/**
 * The edit a quick fix makes when the client applies it: its own, or (for a fix made as it is applied: a manifest that
 * is not open, a schema file it edits) the one the server asks the client to apply when it runs the fix's command.
 */
export async function editOf(client: LspClient, action: CodeAction): Promise<WorkspaceEdit> {
  if (action.edit) return action.edit;
  assert.ok(action.command, `${action.title} has neither an edit nor a command`);
  const asked = client.appliedEdits.length;
  await client.request('workspace/executeCommand', action.command);
  return client.waitFor(() => client.appliedEdits[asked]?.edit, 10000, 'the edit the fix applies');
}

/**
 * Applies a fix to the open document (and the disk) and tells the server of each file it created or changed on disk, as
 * an editor would; returns the new text. The other documents open in the client (`alsoOpen`, a handler) are edited
 * there, not on disk.
 */
export async function applyFix(
  client: LspClient,
  uri: string,
  action: CodeAction,
  alsoOpen: readonly string[] = [],
): Promise<string> {
  const edit = await editOf(client, action);
  const created = new Set(
    (edit.documentChanges ?? []).flatMap((change) =>
      'kind' in change && change.kind === 'create' ? [change.uri] : [],
    ),
  );
  const open = [uri, ...alsoOpen];
  const results = applyWorkspaceEdit(edit, new Map(open.map((each) => [each, client.text(each)])));
  for (const [file, text] of results)
    if (alsoOpen.includes(file)) await client.replaceText(file, text);
    else if (file !== uri)
      await client.fileChanged(file, created.has(file) ? FileChangeType.Created : FileChangeType.Changed);
  const text = results.get(uri);
  if (text === undefined) return client.text(uri);
  await client.replaceText(uri, text);
  return text;
}
