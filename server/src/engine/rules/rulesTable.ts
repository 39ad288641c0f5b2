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
};

/** The README's rules table: one section per area, one row per rule, with the decisions we took. */
export function rulesTableMarkdown(rules: RuleDefinition[]): string {
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
      .map((rule) => `| \`${rule.code}\` | ${rule.severity} | ${cell(rule.description)} | ${cell(rule.decision ?? '')} |`);
    sections.push(`#### ${areaTitles[area]}\n\n| Code | Severity | Rule | Decision where the reference is open |\n|---|---|---|---|\n${rows.join('\n')}`);
  }
  return sections.join('\n\n') + '\n';
}

export const rulesTableAreas = Object.keys(areaTitles);
