import { createScanner, SyntaxKind } from 'jsonc-parser';
import { endOf, keyOf, type JsonNode } from '../parse/jsonNode';
import type { ManifestModel } from './manifestModel';
import { keyNode, valueNode, type JsonPath } from './nodes';

/**
 * The keys that apply only under one runtime, one action kind or one setting type: the rules report
 * them where they do not apply (manifest.process-only, process.*, actions.*-forbidden and *-ignored,
 * settings.action-only and number-only), and completion does not propose them there.
 */
export const processOnlyKeys = ['command', 'args'] as const;
/** What runtime: "process" rejects, by the object that holds it. */
const nodeOnlyKeys = { manifest: ['sandbox'], contributes: ['hooks', 'views'], tool: ['handler'] } as const;
/** Read for kind: "tool" only (ignored for a prompt action). */
export const toolKindOnlyKeys = ['toolId', 'multiFileMode'] as const;
/** Forbidden for kind: "tool". */
export const promptKindOnlyKeys = ['prompt', 'toolScope'] as const;
/** Setting keys read for one type only. */
export const settingTypeOnlyKeys = { action: ['handler', 'variant'], number: ['min', 'max'] } as const;

const has = (keys: readonly string[], key: string) => keys.includes(key);

/**
 * Whether `key` applies in the object at `objectPath`, given the manifest's runtime, the action's kind, the setting's
 * type.
 */
export function keyApplies(model: ManifestModel, objectPath: JsonPath, key: string): boolean {
  const [first, second, third] = objectPath;
  if (objectPath.length === 0) return model.isProcess ? !has(nodeOnlyKeys.manifest, key) : !has(processOnlyKeys, key);
  if (first !== 'contributes') return true;
  if (objectPath.length === 1) return !(model.isProcess && has(nodeOnlyKeys.contributes, key));
  if (objectPath.length !== 3) return true;
  if (second === 'tools' && typeof third === 'number') return !(model.isProcess && has(nodeOnlyKeys.tool, key));
  if (second === 'actions' && typeof third === 'number') {
    const kind = model.actions[third]?.kind;
    return kind === 'tool' ? !has(promptKindOnlyKeys, key) : !has(toolKindOnlyKeys, key);
  }
  if (second === 'settings' && typeof third === 'string') {
    const type = model.settings.find((setting) => setting.key === third)?.value.type;
    if (type === undefined) return true;
    for (const [only, keys] of Object.entries(settingTypeOnlyKeys)) if (has(keys, key)) return type === only;
  }
  return true;
}

/**
 * Every key an object has, at its own level, wherever it is written: its properties' keys, and also any
 * string followed by a colon that the parser's recovery took for something else (in `"": ⏎ "store": true`,
 * a key typed with its colon and no value yet, "store" is read as its value). The key at `typingAt` (the
 * offset of the one being typed) is left out. The object's values that are objects or arrays are skipped
 * whole: only the object's own level of text is read.
 */
export function keysWrittenIn(text: string, object: JsonNode, typingAt?: number): Set<string> {
  const keys = new Set<string>();
  const skip = new Map<number, number>();
  for (const property of object.children ?? []) {
    if (property.type !== 'property') continue;
    if (keyNode(property).offset !== typingAt) keys.add(keyOf(property));
    const value = valueNode(property);
    if (value && (value.type === 'object' || value.type === 'array')) skip.set(value.offset, endOf(value));
  }
  const end = endOf(object);
  const scanner = createScanner(text, true);
  scanner.setPosition(object.offset + 1);
  // Brackets the parser did not make a value of (in a stretch it gave up on) still nest.
  let depth = 0;
  let candidate: { key: string; offset: number } | undefined;
  for (let token = scanner.scan(); token !== SyntaxKind.EOF && scanner.getTokenOffset() < end; token = scanner.scan()) {
    const skipTo = skip.get(scanner.getTokenOffset());
    if (skipTo !== undefined) {
      scanner.setPosition(skipTo);
      candidate = undefined;
      continue;
    }
    if (token === SyntaxKind.ColonToken && candidate && candidate.offset !== typingAt) keys.add(candidate.key);
    const isString = depth === 0 && token === SyntaxKind.StringLiteral;
    candidate = isString ? { key: scanner.getTokenValue(), offset: scanner.getTokenOffset() } : undefined;
    if (token === SyntaxKind.OpenBraceToken || token === SyntaxKind.OpenBracketToken) depth++;
    else if (token === SyntaxKind.CloseBraceToken || token === SyntaxKind.CloseBracketToken)
      depth = Math.max(0, depth - 1);
  }
  return keys;
}
