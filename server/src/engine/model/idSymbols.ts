import type { JsonNode } from '../parse/jsonNode';
import type { ManifestModel } from './manifestModel';
import { arrayItems, valueNode } from './nodes';

/** The ids a manifest declares and names elsewhere: what definition, references and rename follow. */
type IdKind = 'tool' | 'action' | 'setting' | 'param';

export interface IdSymbol {
  kind: IdKind;
  name: string;
  /** Where the name must be unique: a param's action (its index); '' for the manifest. */
  scope: string;
  /**
   * Where the id is declared: a tool's or action's `id` value, a setting's key, a param's `id`. Several when
   * duplicated.
   */
  declarations: JsonNode[];
  /**
   * Where it is named: `toolId`, `generate.actionId`, `permissions.fetch.settings[]`, `populateParamId`,
   * `forwardParamIds[]`.
   */
  references: JsonNode[];
}

/** Every id symbol of the model; built on demand (it walks only the ids, not the whole tree). */
export function idSymbols(model: ManifestModel): IdSymbol[] {
  const symbols = new Map<string, IdSymbol>();
  const symbol = (kind: IdKind, name: string, scope = ''): IdSymbol => {
    const key = `${kind}\u0000${scope}\u0000${name}`;
    let found = symbols.get(key);
    if (!found) {
      found = { kind, name, scope, declarations: [], references: [] };
      symbols.set(key, found);
    }
    return found;
  };
  const stringNode = (node: JsonNode | undefined) => (node?.type === 'string' ? node : undefined);

  for (const tool of model.tools) {
    const id = stringNode(valueNode(tool.node, 'id'));
    if (id) symbol('tool', id.value as string).declarations.push(id);
  }
  model.actions.forEach((action, actionIndex) => {
    const id = stringNode(valueNode(action.node, 'id'));
    if (id) symbol('action', id.value as string).declarations.push(id);
    const toolId = stringNode(valueNode(action.node, 'toolId'));
    if (toolId) symbol('tool', toolId.value as string).references.push(toolId);
    const generate = valueNode(action.node, 'generate');
    const actionId = stringNode(valueNode(generate, 'actionId'));
    if (actionId) symbol('action', actionId.value as string).references.push(actionId);

    const scope = String(actionIndex);
    for (const param of arrayItems(valueNode(action.node, 'params'))) {
      const paramId = stringNode(valueNode(param, 'id'));
      if (paramId) symbol('param', paramId.value as string, scope).declarations.push(paramId);
    }
    const populate = stringNode(valueNode(generate, 'populateParamId'));
    if (populate) symbol('param', populate.value as string, scope).references.push(populate);
    for (const forward of arrayItems(valueNode(generate, 'forwardParamIds'))) {
      if (forward.type === 'string') symbol('param', forward.value as string, scope).references.push(forward);
    }
  });
  for (const setting of model.settings) {
    if (setting.keyNode) symbol('setting', String(setting.key)).declarations.push(setting.keyNode);
  }
  for (const entry of arrayItems(valueNode(valueNode(model.permissions, 'fetch'), 'settings'))) {
    if (entry.type === 'string') symbol('setting', entry.value as string).references.push(entry);
  }
  return [...symbols.values()];
}
