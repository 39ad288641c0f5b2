import { idSymbols } from '../model/idSymbols';
import { nodeAtPath, propertyNode, keyNode, type JsonPath } from '../model/nodes';
import { keyOf } from '../parse/jsonNode';
import { kebabCase, toKebabCase } from '../rules/messages';
import { edit, unattended, type Fix, type FixInput } from './fix';
import { pathSuggestion } from './pathSuggestion';
import { formatJson, insertProperty, removeMember, replaceNode } from './textEdits';

/** The fixes many rules share; a rule's definition names the one it offers. */

/** The node a finding's data points at, in the analysed document. */
export function nodeOf(input: FixInput, jsonPath: JsonPath): ReturnType<typeof nodeAtPath> {
  return nodeAtPath(input.analysis.document.root, jsonPath);
}

/**
 * "Did you mean": an unknown key (or hook event) renamed to the closest known one, unless that key is already there.
 */
export const renameKey: Fix<{ jsonPath: JsonPath; suggestion?: string }> = ({ jsonPath, suggestion }, input) => {
  const value = nodeOf(input, jsonPath);
  const property = value?.parent?.type === 'property' ? value.parent : undefined;
  if (!property || !suggestion || propertyNode(property.parent, suggestion)) return [];
  return edit(`Change to "${suggestion}"`, [replaceNode(keyNode(property), JSON.stringify(suggestion))]);
};

/** "Did you mean": an id that names nothing, replaced by the closest one that does. */
export const replaceWithSuggestion: Fix<{ jsonPath: JsonPath; suggestion?: string }> = (
  { jsonPath, suggestion },
  input,
) => {
  const node = nodeOf(input, jsonPath);
  if (node?.type !== 'string' || !suggestion) return [];
  return edit(`Change to ${JSON.stringify(suggestion)}`, [replaceNode(node, JSON.stringify(suggestion))]);
};

/** The value the rule computed written instead: `./x` → `${dataDir}/x`, a URL → its host, a glob → its directory. */
export const replaceWithReplacement: Fix<{ jsonPath: JsonPath; replacement?: string }> = (
  { jsonPath, replacement },
  input,
) => {
  const node = nodeOf(input, jsonPath);
  if (node?.type !== 'string' || replacement === undefined) return [];
  return edit(`Change to ${JSON.stringify(replacement)}`, [replaceNode(node, JSON.stringify(replacement))]);
};

/** A field a runtime or an action kind forbids, removed with its comma. */
export const removeField: Fix<{ jsonPath: JsonPath }> = unattended(({ jsonPath }, input) => {
  const value = nodeOf(input, jsonPath);
  const property = value?.parent?.type === 'property' ? value.parent : undefined;
  if (!property) return [];
  return edit(`Remove "${keyOf(property)}"`, [removeMember(input.analysis.document.text, property)]);
});

/** kebab-case a name or an action id; an action id is renamed where generate.actionId names it too. */
export const kebabCaseValue: Fix<{ jsonPath: JsonPath }> = unattended(({ jsonPath }, input) => {
  const node = nodeOf(input, jsonPath);
  if (node?.type !== 'string') return [];
  const kebab = toKebabCase(node.value as string);
  if (!kebabCase.test(kebab) || kebab === node.value) return [];
  const edits = [replaceNode(node, JSON.stringify(kebab))];
  // A name declares no symbol.
  const symbol = idSymbols(input.analysis.model).find((s) => s.kind === 'action' && s.declarations.includes(node));
  for (const reference of symbol?.references ?? []) edits.push(replaceNode(reference, JSON.stringify(kebab)));
  return edit(`Change to ${JSON.stringify(kebab)} (kebab-case)`, edits);
});

/** A missing required field, added with a placeholder (a path for the fields that hold one). */
export const addRequiredField: Fix<{ jsonPath: JsonPath; missingField?: string }> = (
  { jsonPath, missingField },
  input,
) => {
  const object = nodeOf(input, jsonPath);
  if (object?.type !== 'object' || !missingField || propertyNode(object, missingField)) return [];
  const document = input.analysis.document;
  const value = placeholderValue(jsonPath, missingField, input);
  return edit(`Add missing "${missingField}"`, [
    insertProperty(document, object, missingField, (indent) => formatJson(value, document, indent)),
  ]);
};

function placeholderValue(objectPath: JsonPath, field: string, input: FixInput): unknown {
  const { model } = input.analysis;
  const suggestedPath = pathSuggestion(objectPath, field, model);
  if (suggestedPath) return suggestedPath;
  if (objectPath.length === 0) {
    if (field === 'name') return toKebabCase(input.folderName) || 'my-plugin';
    if (field === 'displayName') return input.folderName || 'My Plugin';
    if (field === 'version') return '0.1.0';
  }
  if (field === 'scope') return 'single-file';
  if (field === 'type') return objectPath.includes('params') ? 'text' : 'string';
  if (field === 'toolId') return model.toolsById.keys().next().value ?? '';
  if (field === 'options') return [];
  return '';
}
