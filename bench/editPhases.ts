/**
 * Where a 1-char edit goes, phase by phase, in one process, along the server's own path (no wire):
 * the editor document's update (TextDocuments' `update`, as the ManifestCache configures it), the
 * re-parse, the model, the rules, and the conversion to LSP diagnostics. The manifest is opened,
 * its diagnostics computed and a position asked for (as the bench's hover does), then the middle
 * tool's description gets one character, as in `npm run bench`. Medians of wall and CPU time.
 *
 * Usage: node out/bench/editPhases.js [N=5000] [runs=15]
 * Written for docs/performance/open-profile.md.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { toLspDiagnostics } from '../server/src/lsp/diagnostics/convert';
import { ManifestCache } from '../server/src/lsp/manifestCache';
import { fileFilters } from '../server/src/lsp/manifestRecognition';
import { PluginFolders } from '../server/src/lsp/pluginFolders';
import { defaultSettings } from '../server/src/lsp/settings';
import { runPhases } from './phases';
import { printPhases, timed, totalOf, type Timing } from './stats';

runPhases({ n: 5000, runs: 15 }, ({ n, runs, plugin, root, parent }) => {
  const uri = pathToFileURL(join(root, 'manifest.json')).href;
  const folders = new PluginFolders({ isWatched: () => true });
  const cache = new ManifestCache({
    settings: () => defaultSettings,
    filters: () => fileFilters(defaultSettings),
    settingsGeneration: () => 0,
    workspaceFolderPaths: () => [parent],
    folders,
  });
  const text = plugin.manifestText;
  const idAt = text.indexOf(`"id": "${plugin.middleToolId}"`);
  const editAt = text.indexOf('"description": "', idAt) + '"description": "'.length + 5;
  const phases = new Map<string, Timing[]>();
  for (let run = 0; run <= runs; run++) {
    const round: [string, Timing][] = [];
    const document = cache.textDocuments.create(uri, 'json', 1, text);
    const opened = cache.get(document);
    toLspDiagnostics(opened.diagnostics());
    opened.document.lines.positionAt(idAt); // the hover asks for a position
    // Not document.positionAt: that would build the editor document's line offsets, which the server's first edit does.
    const position = opened.document.lines.positionAt(editAt);
    const [, update] = timed(() =>
      cache.textDocuments.update(document, [{ range: { start: position, end: position }, text: 'x' }], 2),
    );
    round.push(['editor document updated (TextDocuments update)', update]);
    const [edited, get] = timed(() => cache.get(document));
    round.push(['version made (text read, edit noted)', get]);
    const [, parse] = timed(() => edited.model);
    round.push(['re-parse + model', parse]);
    const [diagnostics, rules] = timed(() => edited.diagnostics());
    round.push(['recognition + rules', rules]);
    const [, convert] = timed(() => toLspDiagnostics(diagnostics));
    round.push(['LSP diagnostics', convert]);
    round.push(['the edit in all', totalOf(round.map(([, timing]) => timing))]);
    cache.delete(uri);
    // The first round lets the JIT settle, as it has in a server that has been running.
    if (run > 0) for (const [name, timing] of round) phases.set(name, [...(phases.get(name) ?? []), timing]);
  }
  console.log(`N = ${n}: ${(Buffer.byteLength(text) / 1048576).toFixed(2)} MiB, ${runs} runs, medians (ms)`);
  printPhases(phases, 50);
});
