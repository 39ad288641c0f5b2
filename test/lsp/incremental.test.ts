import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Diagnostic, DocumentSymbol, TextDocumentContentChangeEvent } from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { editorCapabilities, LspClient, repositoryRoot, tempFolder } from './lspClient';

type Report = { kind: string; items?: Diagnostic[] };

/** A small deterministic random source, so that a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/**
 * One editing step: mostly typing inside strings and numbers (the document stays valid and the
 * server re-parses incrementally), sometimes junk that breaks it, a line break, an emoji, or the
 * deletion of a whole line; several changes may come in one didChange.
 */
function nextChanges(text: string, next: () => number): TextDocumentContentChangeEvent[] {
  const changes: TextDocumentContentChangeEvent[] = [];
  let current = TextDocument.create('file:///step', 'json', 0, text);
  const count = 1 + Math.floor(next() * 3);
  for (let i = 0; i < count; i++) {
    const source = current.getText();
    const kind = Math.floor(next() * 6);
    let start: number;
    let end: number;
    let inserted: string;
    const quotes = [...source.matchAll(/": "/g)].map((match) => match.index! + 4);
    const numbers = [...source.matchAll(/: (\d+)/g)].map((match) => match.index! + 2 + match[1].length);
    if (kind <= 2 && quotes.length > 0) {
      start = end = quotes[Math.floor(next() * quotes.length)];
      inserted = ['a', 'Ab', ' x', 'é', '😀'][Math.floor(next() * 5)];
    } else if (kind === 3 && numbers.length > 0) {
      start = end = numbers[Math.floor(next() * numbers.length)];
      inserted = String(Math.floor(next() * 10));
    } else if (kind === 4) {
      start = Math.floor(next() * source.length);
      end = Math.min(source.length, start + Math.floor(next() * 4));
      inserted = ['{', '"', ',', '\r\n', '\n', ''][Math.floor(next() * 6)];
    } else {
      const line = Math.floor(next() * current.lineCount);
      start = current.offsetAt({ line, character: 0 });
      end = current.offsetAt({ line: line + 1, character: 0 });
      inserted = '';
    }
    const change = { range: { start: current.positionAt(start), end: current.positionAt(end) }, text: inserted };
    changes.push(change);
    current = TextDocument.update(current, [change], 0);
  }
  return changes;
}

test('incremental sync: after every edit, the diagnostics and symbols equal those of the same text opened fresh', async () => {
  const example = readFileSync(join(repositoryRoot, 'examples/word-count/manifest.json'), 'utf8');
  const files = { 'tools/count-words.schema.json': '{ "type": "object", "properties": {} }\n' };
  const folder = tempFolder({
    ...Object.fromEntries(Object.entries(files).map(([path, text]) => [`edited/${path}`, text])),
    ...Object.fromEntries(Object.entries(files).map(([path, text]) => [`fresh/${path}`, text])),
  });
  const client = await LspClient.start({ workspace: folder.root, capabilities: editorCapabilities({ pull: true }) });
  const edited = folder.uri('edited/manifest.json');
  const fresh = folder.uri('fresh/manifest.json');
  const view = async (uri: string) => ({
    diagnostics: (await client.request<Report>('textDocument/diagnostic', { textDocument: { uri } })).items,
    symbols: await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } }),
  });
  try {
    for (const [seed, text] of [
      [1, example],
      [2, example.replace(/\n/g, '\r\n')],
    ] as const) {
      await client.open(edited, text, 1);
      const next = random(seed);
      for (let step = 0; step < 40; step++) {
        await client.change(edited, nextChanges(client.text(edited), next));
        // Some versions are never asked about: their changes fold into the next version's re-parse.
        if (next() < 0.25) continue;
        const actual = await view(edited);
        await client.open(fresh, client.text(edited), 1);
        const expected = await view(fresh);
        await client.close(fresh);
        assert.deepEqual(actual, expected, `seed ${seed}, step ${step}`);
      }
      await client.close(edited);
    }
  } finally {
    await client.stop();
    folder.cleanup();
  }
});
