import { decisionOf } from './decisions';
import type { RuleDefinition } from './rule';

const areaTitles: Record<string, string> = {
  json: 'JSON syntax',
  manifest: 'Top level',
  process: 'runtime: "process"',
  tools: 'contributes.tools[]',
  actions: 'contributes.actions[]',
  settings: 'contributes.settings{}',
  hooks: 'contributes.hooks{}',
  commands: 'contributes.commands[]',
  views: 'contributes.views[]',
  permissions: 'permissions',
  handlers: 'Handler modules (in the handler file)',
  paths: 'Paths',
  files: 'Files the manifest names',
  diagnostics: 'The diagnostics themselves',
  config: 'filer-manifest.config.json (the project’s config file)',
};

/** The title of a code's area, as the rules table heads its section. */
export function areaTitleOf(code: string): string {
  const area = code.split('.')[0];
  return Object.hasOwn(areaTitles, area) ? areaTitles[area] : area;
}

/**
 * The rules table: one section per area, one row per rule, with the decisions we took; each code a
 * link to `pageOf(code)` when given (the index of the rule pages).
 */
export function rulesTableMarkdown(rules: RuleDefinition[], pageOf?: (code: string) => string): string {
  const byArea = new Map<string, RuleDefinition[]>();
  for (const rule of rules) {
    const area = rule.code.split('.')[0];
    byArea.set(area, [...(byArea.get(area) ?? []), rule]);
  }
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const sections: string[] = [];
  for (const area of Object.keys(areaTitles)) {
    const areaRules = byArea.get(area);
    if (!areaRules) continue;
    const rows = [...areaRules]
      .sort((a, b) => a.code.localeCompare(b.code))
      .map((rule) => {
        const code = pageOf ? `[\`${rule.code}\`](${pageOf(rule.code)})` : `\`${rule.code}\``;
        return `| ${code} | ${rule.severity} | ${cell(rule.description)} | ${cell(decisionOf(rule.code) ?? '')} |`;
      });
    sections.push(
      `#### ${areaTitles[area]}\n\n| Code | Severity | Rule | Decision where the reference is open |\n|---|---|---|---|\n${rows.join('\n')}`,
    );
  }
  return sections.join('\n\n') + '\n';
}

export const rulesTableAreas = Object.keys(areaTitles);

/**
 * The README's table of decisions: one row per rule that decides where the reference is open, in the
 * order of the rules table, its code a link to `pageOf(code)`.
 */
export function decisionsTableMarkdown(rules: RuleDefinition[], pageOf: (code: string) => string): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const order = (code: string) => rulesTableAreas.indexOf(code.split('.')[0]);
  const rows = rules
    .filter((rule) => decisionOf(rule.code))
    .sort((a, b) => order(a.code) - order(b.code) || a.code.localeCompare(b.code))
    .map(
      (rule) =>
        `| [\`${rule.code}\`](${pageOf(rule.code)}) | ${rule.severity} | ${cell(decisionOf(rule.code) ?? '')} |`,
    );
  return `| Rule | Severity | Decision where the reference is open |\n|---|---|---|\n${rows.join('\n')}\n`;
}
