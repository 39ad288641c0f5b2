import { idSymbols, type IdSymbol, type JsonNode, type ManifestModel } from '../engine';
import { endOf, isClosedString } from './jsonLocation';

/** The symbol whose declaration or reference holds the offset, and the node there. */
export function symbolAt(
  model: ManifestModel,
  offset: number,
): { symbol: IdSymbol; node: JsonNode; isDeclaration: boolean } | undefined {
  for (const symbol of idSymbols(model)) {
    for (const node of symbol.declarations) if (holds(node, offset)) return { symbol, node, isDeclaration: true };
    for (const node of symbol.references) if (holds(node, offset)) return { symbol, node, isDeclaration: false };
  }
  return undefined;
}

function holds(node: JsonNode, offset: number): boolean {
  return offset >= node.offset && offset <= endOf(node);
}

/**
 * The text of a string node without its quotes (a half-typed string has no closing one): what rename replaces, what a
 * link covers.
 */
export function stringContent(node: JsonNode, text: string): { offset: number; length: number } {
  return { offset: node.offset + 1, length: Math.max(0, node.length - (isClosedString(node, text) ? 2 : 1)) };
}
