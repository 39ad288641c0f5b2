import {
  categoryOrder,
  jsonText,
  markdownCell,
  markdownCode,
  markdownText,
  reasonWords,
  terminalText,
  type GatedTool,
  type GatingComparison,
} from '../../engine';
import type { GatedManifest } from '../results';

const ansi = {
  reset: '\x1b[0m',
  bold: '\x1b[1m',
  dim: '\x1b[2m',
  red: '\x1b[31m',
  green: '\x1b[32m',
  yellow: '\x1b[33m',
};

/** Every reason, the winner first and marked when several apply. */
function whyWords(tool: Pick<GatedTool, 'reasons'>, code?: (text: string) => string): string {
  const words = tool.reasons.map((reason) => reasonWords(reason, code));
  return tool.reasons.length > 1 ? `${words[0]} (wins over ${words.slice(1).join('; ')})` : words[0];
}

function undeclaredNote(tool: GatedTool): string {
  return tool.undeclared ? '; the tool declares no annotations' : '';
}

/** Where a manifest's first error is, `file:line:col` (1-based). */
function firstErrorAt(result: GatedManifest): string | undefined {
  const first = result.report.refusal?.first;
  return first && `${result.file}:${first.range.start.line + 1}:${first.range.start.character + 1}`;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function pluginLabel(result: GatedManifest): string {
  return result.report.pluginName ?? result.report.name ?? '(unnamed plugin)';
}

function categoryCounts(tools: GatedTool[]): string {
  const parts = categoryOrder.flatMap((category) => {
    const n = tools.filter((tool) => tool.category === category).length;
    return n > 0 ? [`${n} ${category}`] : [];
  });
  return parts.length > 0 ? parts.join(', ') : 'no tools';
}

function changeCounts(comparison: GatingComparison): string {
  const escalations = comparison.changes.filter((change) => change.escalation).length;
  const lowered = comparison.changes.length - escalations;
  const parts = [
    escalations > 0 ? count(escalations, 'escalation', 'escalations') : undefined,
    lowered > 0 ? `${lowered} lowered` : undefined,
    comparison.added.length > 0 ? `${comparison.added.length} added` : undefined,
    comparison.removed.length > 0 ? `${comparison.removed.length} removed` : undefined,
  ].filter((part): part is string => part !== undefined);
  return parts.length > 0 ? parts.join(', ') : 'no change in what any tool may do';
}

/**
 * Plain text: per manifest, each tool with its category and when the gate asks, then why and where
 * (`file:line:col`, 1-based); with a base, the changes (escalations first), tools added and removed.
 * What comes from the plugin folder (paths, names, ids) is terminal text.
 */
export function formatGatingText(results: GatedManifest[], options: { color: boolean }): string {
  const paint = (style: string, text: string) => (options.color ? `${style}${text}${ansi.reset}` : text);
  const lines: string[] = [];
  const shown = terminalText;
  const where = (result: GatedManifest, tool: GatedTool) =>
    `${shown(result.file)}:${tool.location.focus.start.line + 1}:${tool.location.focus.start.character + 1}`;
  const toolLines = (result: GatedManifest, tool: GatedTool, indent: string) => [
    `${indent}${paint(ansi.bold, shown(tool.id))}  ${tool.category}: ${tool.asks}`,
    `${indent}  ${paint(ansi.dim, where(result, tool))}  why: ${shown(whyWords(tool))}${undeclaredNote(tool)}`,
  ];
  const refusalLines = (result: GatedManifest) => {
    const { refusal } = result.report;
    if (!refusal) return [];
    const at = shown(firstErrorAt(result)!);
    return [
      `  ${paint(ansi.red, refusal.words)}`,
      `    ${paint(ansi.dim, at)}  first error: ${refusal.first.code} ${shown(refusal.first.message)}`,
    ];
  };
  for (const result of results) {
    const { report, comparison } = result;
    if (!comparison) {
      lines.push(
        paint(
          ansi.bold,
          `${shown(result.file)}: ${shown(pluginLabel(result))}, ${count(report.tools.length, 'tool', 'tools')} (${categoryCounts(report.tools)})`,
        ),
      );
      lines.push(...refusalLines(result));
      lines.push(`  Tools without annotations are treated as ${report.undeclaredTools.why}.`);
      for (const tool of report.tools) lines.push(...toolLines(result, tool, '  '));
      lines.push('');
      continue;
    }
    const { result: changes } = comparison;
    lines.push(
      paint(
        ansi.bold,
        `${shown(result.file)}: ${shown(pluginLabel(result))}, compared with ${shown(comparison.base)}: ${changeCounts(changes)}`,
      ),
    );
    lines.push(...refusalLines(result));
    if (!comparison.found) lines.push(`  Not in the base: every tool is new.`);
    for (const [title, escalation] of [
      ['Escalations', true],
      ['Lowered', false],
    ] as const) {
      const groups = changes.groups.filter((group) => group.escalation === escalation);
      if (groups.length === 0) continue;
      lines.push(`  ${paint(escalation ? ansi.red : ansi.green, title)}:`);
      for (const group of groups) {
        lines.push(`    ${shown(group.words)}`);
        for (const change of changes.changes.filter((c) => c.because === group.because && c.to === group.to)) {
          lines.push(
            `      ${paint(ansi.bold, shown(change.id))}  from ${change.from} to ${change.to}: ${change.head.asks}  ${paint(ansi.dim, where(result, change.head))}`,
          );
        }
      }
    }
    if (changes.added.length > 0) {
      lines.push('  Added:');
      for (const tool of changes.added) lines.push(...toolLines(result, tool, '    '));
    }
    if (changes.removed.length > 0) {
      lines.push('  Removed:');
      for (const tool of changes.removed) lines.push(`    ${paint(ansi.bold, shown(tool.id))}  was ${tool.category}`);
    }
    lines.push('');
  }
  lines.push(summary(results));
  return lines.join('\n') + '\n';
}

function summary(results: GatedManifest[]): string {
  const manifests = count(results.length, 'manifest', 'manifests');
  const compared = results.filter((result) => result.comparison);
  if (compared.length === 0) {
    const tools = results.flatMap((result) => result.report.tools);
    return `${count(tools.length, 'tool', 'tools')} in ${manifests}: ${categoryCounts(tools)}.`;
  }
  const all: GatingComparison = {
    added: compared.flatMap((result) => result.comparison!.result.added),
    removed: compared.flatMap((result) => result.comparison!.result.removed),
    changes: compared.flatMap((result) => result.comparison!.result.changes),
    groups: [],
  };
  return `Compared ${manifests}: ${changeCounts(all)}.`;
}

/**
 * Markdown for a pull-request comment or $GITHUB_STEP_SUMMARY: a heading per plugin and a table of its
 * tools; with a base, the changes first (escalations marked), then tools added and removed. What comes
 * from the plugin folder is Markdown text or code (engine/text/escapes.ts), never markup.
 */
export function formatGatingMarkdown(results: GatedManifest[]): string {
  const out: string[] = [];
  const toolTable = (tools: GatedTool[]) => {
    out.push('| Tool | Category | Asks | Why |', '|---|---|---|---|');
    for (const tool of tools) {
      const why = `${whyWords(tool, markdownCode)}${tool.undeclared ? ' (declares no annotations)' : ''}`;
      out.push(
        `| ${markdownCell(markdownCode(tool.id))} | **${tool.category}** | ${tool.asks} | ${markdownCell(why)} |`,
      );
    }
  };
  const refusal = (result: GatedManifest) => {
    const { refusal: refused } = result.report;
    if (!refused) return;
    const first = `first error at ${markdownCode(firstErrorAt(result)!)}: ${markdownCode(refused.first.code)} ${markdownText(refused.first.message)}`;
    out.push(`⚠️ **${markdownText(refused.words)}** (${first})`, '');
  };
  for (const result of results) {
    const title = `${markdownText(pluginLabel(result))} (${markdownCode(result.file)})`;
    const { comparison } = result;
    if (!comparison) {
      out.push(`### Gating: ${title}`, '');
      refusal(result);
      out.push(`Tools without annotations are treated as ${markdownText(result.report.undeclaredTools.why)}.`, '');
      if (result.report.tools.length > 0) toolTable(result.report.tools);
      else out.push('No tools.');
      out.push('');
      continue;
    }
    const changes = comparison.result;
    out.push(`### Gating changes: ${title}`, '');
    refusal(result);
    out.push(`Compared with ${markdownCode(comparison.base)}: ${changeCounts(changes)}.`, '');
    if (!comparison.found) out.push('Not in the base: every tool is new.', '');
    if (changes.groups.length > 0) {
      for (const group of changes.groups) {
        out.push(
          `- ${group.escalation ? '⚠️ **Escalation**' : 'Lowered'}: ${group.words} (${group.tools.map(markdownCode).join(', ')})`,
        );
      }
      out.push('');
      out.push('| Tool | Change | Asks now | Because |', '|---|---|---|---|');
      for (const change of changes.changes) {
        const fromTo = change.escalation
          ? `from ${change.from} to **${change.to}** ⚠️`
          : `from ${change.from} to ${change.to}`;
        out.push(
          `| ${markdownCell(markdownCode(change.id))} | ${fromTo} | ${change.head.asks} | ${markdownCell(change.because)} |`,
        );
      }
      out.push('');
    }
    if (changes.added.length > 0) {
      out.push('**Added**', '');
      toolTable(changes.added);
      out.push('');
    }
    if (changes.removed.length > 0) {
      out.push('**Removed**', '');
      for (const tool of changes.removed) out.push(`- ${markdownCode(tool.id)} (was ${tool.category})`);
      out.push('');
    }
  }
  return out.join('\n');
}

/** The JSON documented in the README: stable field names, 0-based positions as in `check --format json`. */
export function formatGatingJson(results: GatedManifest[]): string {
  const tool = (t: GatedTool) => ({
    id: t.id,
    title: t.title ?? null,
    category: t.category,
    asks: t.asks,
    why: t.why,
    undeclared: t.undeclared,
    reasons: t.reasons.map(({ category, annotation, source }) => ({ category, annotation, source })),
    range: t.location.focus,
  });
  const output = results.map((result) => ({
    file: result.file,
    name: result.report.name ?? null,
    plugin: result.report.pluginName ?? null,
    undeclaredTools: { category: result.report.undeclaredTools.category, why: result.report.undeclaredTools.why },
    refusal: result.report.refusal ? { words: result.report.refusal.words, first: result.report.refusal.first } : null,
    tools: result.report.tools.map(tool),
    ...(result.comparison
      ? {
          base: { file: result.comparison.base, found: result.comparison.found },
          changes: result.comparison.result.changes.map((change) => ({
            id: change.id,
            from: change.from,
            to: change.to,
            escalation: change.escalation,
            because: change.because,
            asks: change.head.asks,
          })),
          groups: result.comparison.result.groups.map(({ because, to, escalation, tools, words }) => ({
            because,
            to,
            escalation,
            tools,
            words,
          })),
          added: result.comparison.result.added.map(tool),
          removed: result.comparison.result.removed.map(tool),
        }
      : {}),
  }));
  return jsonText(output) + '\n';
}
