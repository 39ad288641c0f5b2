import { InlayHintKind, MarkupKind, type InlayHint, type Range } from 'vscode-languageserver';
import { describeGating, toolGating, valueNode, type ManifestModel, type ParsedDocument } from '../../engine';
import { endOf } from '../jsonLocation';

/**
 * The approval category after each tool id (`external`, `delete`, `modify`, `read`), so the gating
 * of the whole plugin shows at a glance; the tooltip says why. Only tools whose id lies in `range`.
 */
export function categoryHints(document: ParsedDocument, model: ManifestModel, range: Range): InlayHint[] {
  const lines = document.lines;
  const start = document.lines.offsetAt(range.start);
  const end = document.lines.offsetAt(range.end);
  const hints: InlayHint[] = [];
  for (const tool of model.tools) {
    if (endOf(tool.node) < start) continue;
    if (tool.node.offset > end) break;
    const anchor = valueNode(tool.node, 'id') ?? valueNode(tool.node, 'name');
    if (!anchor || anchor.offset < start || endOf(anchor) > end) continue;
    const gating = toolGating(tool, model);
    hints.push({
      position: lines.positionAt(endOf(anchor)),
      label: gating.category,
      kind: InlayHintKind.Type,
      paddingLeft: true,
      tooltip: {
        kind: MarkupKind.Markdown,
        value: `Approval category: ${describeGating(gating)}. The gate ${gating.asks}.`,
      },
    });
  }
  return hints;
}
