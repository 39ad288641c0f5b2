/**
 * Where an open goes, phase by phase, in one process (no LSP, so no wire and no scheduling noise):
 * the didOpen message decoded (bytes → string → JSON.parse), the engine's parse (positioned tree
 * and plain value in one pass), the model, each rule area, and the plugin folder's files, read
 * first (a fresh folder cache: 2N stats, N schema and N handler reads) and then warm (the cache a
 * reopen finds). Medians of wall time and of process CPU time (every thread: the GC's helpers too).
 *
 * Usage: node out/bench/openPhases.js [N=1000] [runs=9]
 * Written for docs/performance/open-profile.md; profile a server with `npm run bench -- --profile-ours=dir`.
 */
import { buildModel, parseDocument, type ManifestModel } from '../server/src/engine';
import { ruleAreas } from '../server/src/engine/rules/registry';
import { referencedFiles } from '../server/src/engine/folder/referencedFiles';
import type { RuleContext } from '../server/src/engine/rules/rule';
import { CachedPluginFolder } from '../server/src/lsp/pluginFolders';
import { runPhases } from './phases';
import { printPhases, timed, totalOf, type Timing } from './stats';

/** Every rule area over the model, each timed on its own (diagnostics are only counted). */
function timeAreas(model: ManifestModel, folder: CachedPluginFolder | undefined, into: Map<string, Timing[]>): void {
  let reported = 0;
  // The named files read once, on first use, as validate() does: their cost counts in the first area that reads them.
  let files: ReturnType<typeof referencedFiles> | undefined;
  const context: RuleContext = {
    model,
    folder,
    files: () => (files ??= referencedFiles(model, folder)),
    report: () => void reported++,
    reportIn: () => void reported++,
    reportShape: () => void reported++,
    countBeyond: (_code, count) => void (reported += count),
  };
  ruleAreas.forEach((area, index) => {
    // As the server validates an open manifest: its own findings; those in the handler files wait for a handler.
    if (area.findingsIn === 'handlers') return;
    // The second area is the JSON Schema's (its rules are the other areas' shape rules).
    const name = `rules: ${index === 1 ? 'shape (compiled JSON Schema)' : area.rules[0]?.code.split('.')[0]}${folder ? '' : ' (no folder)'}`;
    const [, timing] = timed(() => area.check?.(context));
    into.set(name, [...(into.get(name) ?? []), timing]);
  });
}

runPhases({ n: 1000, runs: 9 }, ({ n, runs, plugin, root }) => {
  const message = Buffer.from(
    JSON.stringify({
      jsonrpc: '2.0',
      method: 'textDocument/didOpen',
      params: { textDocument: { uri: 'file:///m', languageId: 'json', version: 1, text: plugin.manifestText } },
    }),
  );
  const phases = new Map<string, Timing[]>();
  const add = (name: string, timing: Timing) => phases.set(name, [...(phases.get(name) ?? []), timing]);
  for (let run = 0; run <= runs; run++) {
    const round = new Map<string, Timing[]>();
    const note = (name: string, timing: Timing) => round.set(name, [timing]);
    let text = '';
    note(
      'didOpen message decoded (utf8 + JSON.parse)',
      timed(
        () =>
          (text = (JSON.parse(message.toString('utf8')) as { params: { textDocument: { text: string } } }).params
            .textDocument.text),
      )[1],
    );
    note('JSON.parse of the manifest (the floor)', timed(() => JSON.parse(text))[1]);
    let document = parseDocument(text);
    note('parse: positioned tree + plain value', timed(() => (document = parseDocument(text)))[1]);
    let model = buildModel(document);
    note('model', timed(() => (model = buildModel(document)))[1]);
    timeAreas(model, undefined, round);
    // With a folder, the files are read by whichever area asks first: every area counts.
    const folder = new CachedPluginFolder(root, () => true);
    const first = new Map<string, Timing[]>();
    timeAreas(model, folder, first);
    note(
      'rules, all areas, with the folder: first open (2N stats, N schemas read and checked, N handlers read, parsed where needed)',
      totalOf([...first.values()].map(([timing]) => timing)),
    );
    const warm = new Map<string, Timing[]>();
    timeAreas(model, folder, warm);
    note(
      'rules, all areas, with the folder: warm (the folder cache a reopen finds)',
      totalOf([...warm.values()].map(([timing]) => timing)),
    );
    // The first round lets the JIT settle, as it has in a server that has been running.
    if (run > 0) for (const [name, timings] of round) add(name, timings[0]);
  }
  console.log(
    `N = ${n}: ${(Buffer.byteLength(plugin.manifestText) / 1048576).toFixed(2)} MiB, ${runs} runs, medians (ms)`,
  );
  printPhases(phases, 100);
});
