import { byFile, countSeverities, type CheckedManifest, type SeverityCounts } from '../results';
import { terminalText, type Severity } from '../../engine';

const ansi = {
  reset: '\x1b[0m',
  bold: '\x1b[1m',
  dim: '\x1b[2m',
  red: '\x1b[31m',
  green: '\x1b[32m',
  yellow: '\x1b[33m',
  blue: '\x1b[34m',
  cyan: '\x1b[36m',
};

const severityColor: Record<Severity, string> = {
  error: ansi.red,
  warning: ansi.yellow,
  information: ansi.blue,
  hint: ansi.cyan,
};

/**
 * `file:line:col severity code message`, one line per diagnostic with a 1-based line and column
 * (UTF-16 code units, like tsc and eslint), then a summary line. A finding in a handler is located
 * in the handler, after its manifest's own. The path and the message (which quotes the manifest or
 * the handler) are terminal text: no control character of theirs reaches the terminal.
 */
export function formatText(results: CheckedManifest[], options: { color: boolean }): string {
  const paint = (style: string, text: string) => (options.color ? `${style}${text}${ansi.reset}` : text);
  const lines: string[] = [];
  for (const result of byFile(results)) {
    for (const { range, severity, code, message } of result.diagnostics) {
      const location = `${terminalText(result.file)}:${range.start.line + 1}:${range.start.character + 1}`;
      lines.push(
        `${paint(ansi.bold, location)} ${paint(severityColor[severity], severity)} ${paint(ansi.dim, code)} ${terminalText(message)}`,
      );
    }
  }
  const counts = countSeverities(results);
  const summary = summarize(results.filter((result) => result.kind !== 'config').length, counts);
  const summaryStyle = counts.error > 0 ? ansi.red : counts.warning > 0 ? ansi.yellow : ansi.green;
  lines.push(paint(ansi.bold + summaryStyle, summary));
  return lines.join('\n') + '\n';
}

function summarize(manifestCount: number, counts: SeverityCounts): string {
  const checked = `Checked ${manifestCount} ${manifestCount === 1 ? 'manifest' : 'manifests'}`;
  const parts = [
    plural(counts.error, 'error', 'errors'),
    plural(counts.warning, 'warning', 'warnings'),
    plural(counts.information, 'information', 'information'),
    plural(counts.hint, 'hint', 'hints'),
  ].filter((part): part is string => part !== undefined);
  return parts.length === 0 ? `${checked}: no problems.` : `${checked}: ${parts.join(', ')}.`;
}

function plural(count: number, one: string, many: string): string | undefined {
  return count === 0 ? undefined : `${count} ${count === 1 ? one : many}`;
}

/**
 * Colour only on a terminal, as the NO_COLOR and FORCE_COLOR conventions ask: FORCE_COLOR (other
 * than 0/false) turns it on even when piped, a non-empty NO_COLOR or TERM=dumb turns it off.
 */
export function wantsColor(env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (env.NO_COLOR) return false;
  return isTTY && env.TERM !== 'dumb';
}
