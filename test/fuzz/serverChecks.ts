/**
 * The language server fed mutated input over a real connection, in one process: each input is opened, changed to or
 * reopened as the text of a handler, a manifest or a tool schema of a plugin, between requests (hover, completion,
 * document symbols, "Fix all", the quick fixes of its last diagnostics and their commands, "Suppress <code> in
 * filer-manifest.config.json" among them) on it, each answered in time (not with an internal error); after each the
 * server is alive; every ten inputs, and at the end, a good plugin's manifest (edited to a new version) still gets its
 * diagnostics, as before the inputs. (Whether the input itself gets diagnostics depends on what it has become: a
 * manifest no longer recognized, a handler no manifest names any more get none, so that is not asked.)
 */
import { ErrorCodes, ResponseError, type CodeAction, type Diagnostic } from 'vscode-languageserver-protocol/node';
import { editorCapabilities, LspClient, tempFolder } from '../lsp/lspClient';
import type { PluginFiles } from './engineChecks';
import { describeInput, rngFor, type FuzzInput } from './mutations';

/** An input and where it goes: a plugin folder's name under the workspace and the file's path in it. */
export interface ServerInput {
  input: FuzzInput;
  plugin: string;
  path: string;
}

/** A bound for hostile input: the diagnostics of one version take milliseconds. */
const boundMs = 10_000;

function summary(diagnostics: Diagnostic[]): string {
  return diagnostics
    .map(
      (d) => `${d.code} ${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character}`,
    )
    .join('\n');
}

/**
 * Runs the inputs through one server whose workspace holds `plugins` (name → files) and a good plugin (`good`, also
 * its name under the workspace); returns what went wrong, in words (nothing more is tried once the server is gone).
 */
export async function checkServer(
  plugins: ReadonlyMap<string, PluginFiles>,
  good: string,
  inputs: readonly ServerInput[],
): Promise<string[]> {
  const folder = tempFolder();
  for (const [name, files] of plugins) for (const [path, text] of files) folder.write(`${name}/${path}`, text);
  // A client that may be asked to apply an edit: the fixes made when applied are offered, and run.
  const capabilities = editorCapabilities();
  const client = await LspClient.start({
    workspace: folder.root,
    capabilities: { ...capabilities, workspace: { ...capabilities.workspace, applyEdit: true } },
  });
  const failures: string[] = [];
  const opened = new Set<string>();
  const goodUri = folder.uri(`${good}/manifest.json`);
  const goodText = plugins.get(good)!.get('manifest.json')!;
  try {
    await client.open(goodUri, goodText);
    const expected = summary(await client.diagnostics(goodUri, undefined, boundMs));

    /** Whether the good manifest, edited to a new version, gets the diagnostics it got before. */
    const goodStillAnswered = async (after: string) => {
      const spaced = client.text(goodUri) === goodText ? `${goodText}\n` : goodText;
      await client.replaceText(goodUri, spaced);
      try {
        const now = summary(await client.diagnostics(goodUri, undefined, boundMs));
        if (now !== expected) failures.push(`after ${after}: the good manifest's diagnostics changed:\n${now}`);
      } catch (error) {
        failures.push(
          `after ${after}: the good manifest got no diagnostics: ${(error as Error).message.slice(0, 500)}`,
        );
      }
    };

    for (const [i, { input, plugin, path }] of inputs.entries()) {
      const what = `${describeInput(input)}\n    as ${plugin}/${path}`;
      const rng = rngFor(input.seed, input.index, 'server-steps');
      const uri = folder.uri(`${plugin}/${path}`);
      const languageId = /\.[cm]?js$/.test(path) ? 'javascript' : 'json';
      const started = performance.now();
      if (!opened.has(uri)) {
        await client.open(uri, input.text, 1, languageId);
        opened.add(uri);
      } else if (rng.chance(0.2)) {
        await client.close(uri);
        await client.open(uri, input.text, client.version(uri) + 1, languageId);
      } else await client.replaceText(uri, input.text);
      // Requests on the input while it is checked, at positions anywhere in it (or past its end).
      const lines = input.text.split(/\r\n|\r|\n/);
      const position = () => {
        const line = rng.below(lines.length + 1);
        return { line, character: rng.below((lines[line]?.length ?? 0) + 2) };
      };
      const requests: [string, unknown][] = [
        ['textDocument/hover', { textDocument: { uri }, position: position() }],
        ['textDocument/completion', { textDocument: { uri }, position: position() }],
        ['textDocument/documentSymbol', { textDocument: { uri } }],
        [
          'textDocument/codeAction',
          {
            textDocument: { uri },
            range: { start: position(), end: position() },
            context: { diagnostics: [], only: ['source.fixAll'] },
          },
        ],
      ];
      const ask = async <R>(method: string, params: unknown): Promise<R | undefined> => {
        try {
          return await client.request<R>(method, params);
        } catch (error) {
          if (!(error instanceof ResponseError) || error.code === ErrorCodes.InternalError)
            failures.push(`${what}\n  ${method}: ${(error as Error).message.slice(0, 500)}`);
          return undefined;
        }
      };
      for (const [method, params] of requests) await ask(method, params);
      // The quick fixes of what the server last published for it (perhaps of an earlier version), each command run:
      // the fixes made when applied, "Suppress <code> in filer-manifest.config.json" among them. The edits the server
      // asks for are answered as applied and never written.
      const published = [...client.published].reverse().find((params) => params.uri === uri)?.diagnostics ?? [];
      const range = { start: position(), end: position() };
      const actions = await ask<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri },
        range,
        context: { diagnostics: published.slice(0, 20), only: ['quickfix'] },
      });
      const commands = (actions ?? []).flatMap((action) => (action.command ? [action.command] : []));
      for (const command of commands.slice(0, 3)) await ask('workspace/executeCommand', command);
      const code = published[0]?.code ?? 'manifest.unknown-key';
      await ask('workspace/executeCommand', {
        command: 'filer.suppressInConfig',
        arguments: [{ manifest: uri, code, range }],
      });
      const ms = performance.now() - started;
      if (ms > boundMs) failures.push(`${what}\n  took ${ms.toFixed(0)} ms`);
      if (client.exited) {
        failures.push(`${what}\n  the server exited:\n${client.logs.join('').slice(-2000)}`);
        return failures;
      }
      if (i % 10 === 9) await goodStillAnswered(what);
    }
    for (const uri of opened) await client.close(uri);
    await goodStillAnswered('every input closed');
    if (client.exited) failures.push(`the server exited at the end:\n${client.logs.join('').slice(-2000)}`);
    return failures;
  } catch (error) {
    failures.push(`${(error as Error).message.slice(0, 2000)}${client.exited ? ' (the server exited)' : ''}`);
    return failures;
  } finally {
    await client.stop();
    folder.cleanup();
  }
}
