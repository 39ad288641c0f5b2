import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { jsonText, type RuleDefinition, type Severity } from '../../engine';
import { decisionOf } from '../../engine/rules/decisions';
import type { RulePages } from '../../lsp/rulePages';
import { pathBelow } from '../manifestFiles';
import { byFile, type CheckedManifest } from '../results';
import { ruleHelp, sarifPlainText, webAddress } from './sarifHelp';

type SarifLevel = 'error' | 'warning' | 'note';

const levels: Record<Severity, SarifLevel> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

const sourceRoot = '%SRCROOT%';

interface SarifTool {
  name: string;
  version: string;
  /** Every rule the engine can report, for tool.driver.rules. */
  rules: RuleDefinition[];
  /** Where the tool is described, when the package says (its homepage). */
  informationUri: string | undefined;
  /** Each rule's page (host/rulePages.ts): its text for its help, its link for its helpUri. */
  pages: RulePages;
}

/**
 * SARIF 2.1.0 for code-scanning upload: one run, the engine's rules as the driver's rules, one
 * result per diagnostic with a 1-based region (columns in UTF-16 code units, as the engine counts)
 * and a location relative to the working folder: the manifest, or the handler a finding is in.
 * Each rule carries its page as `help` (what code scanning shows with an alert), and as `helpUri` only
 * when that is a web address: a file: URI of the machine that ran the check opens nowhere else.
 */
export function formatSarif(results: CheckedManifest[], tool: SarifTool, cwd: string): string {
  const ruleIndex = new Map(tool.rules.map((rule, index) => [rule.code, index]));
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: tool.name,
            version: tool.version,
            ...(tool.informationUri ? { informationUri: tool.informationUri } : {}),
            rules: tool.rules.map((rule) => {
              const helpUri = webAddress(tool.pages.link(rule.code));
              const page = tool.pages.text(rule.code);
              const decision = decisionOf(rule.code);
              return {
                id: rule.code,
                shortDescription: { text: rule.description },
                // What the rule checks, and how it decides where the reference is open: its page's first paragraphs.
                fullDescription: { text: decision ? `${rule.description} ${decision}` : rule.description },
                defaultConfiguration: { level: levels[rule.severity] },
                ...(page !== undefined ? { help: ruleHelp(page, helpUri) } : {}),
                ...(helpUri ? { helpUri } : {}),
              };
            }),
          },
        },
        columnKind: 'utf16CodeUnits',
        originalUriBaseIds: {
          [sourceRoot]: { uri: pathToFileURL(cwd.endsWith(path.sep) ? cwd : cwd + path.sep).href },
        },
        results: byFile(results).flatMap((result) =>
          result.diagnostics.map((diagnostic) => ({
            ruleId: diagnostic.code,
            ...(ruleIndex.has(diagnostic.code) ? { ruleIndex: ruleIndex.get(diagnostic.code) } : {}),
            level: levels[diagnostic.severity],
            message: { text: sarifPlainText(diagnostic.message) },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: artifactLocation(result.absolutePath, cwd),
                  region: {
                    startLine: diagnostic.range.start.line + 1,
                    startColumn: diagnostic.range.start.character + 1,
                    endLine: diagnostic.range.end.line + 1,
                    // SARIF's endColumn is the column just past the region, as LSP's end character is.
                    endColumn: diagnostic.range.end.character + 1,
                  },
                },
              },
            ],
          })),
        ),
      },
    ],
  };
  return jsonText(log) + '\n';
}

/** Relative to the working folder (%SRCROOT%) when below it, an absolute file URI otherwise. */
function artifactLocation(file: string | undefined, cwd: string): { uri: string; uriBaseId?: string } {
  if (file === undefined) return { uri: 'stdin' };
  const relative = pathBelow(cwd, file);
  if (relative === undefined) return { uri: pathToFileURL(file).href };
  return { uri: relative.split(path.sep).map(encodeURIComponent).join('/'), uriBaseId: sourceRoot };
}
