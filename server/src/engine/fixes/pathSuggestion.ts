import type { ManifestModel } from '../model/manifestModel';
import type { JsonPath } from '../model/nodes';
import { referenceKindAt } from '../model/references';
import { toKebabCase } from '../rules/messages';

/**
 * The path a new field `key` of the object at `objectPath` would name, when it is a field that holds a
 * path: `./tools/<id>.schema.json`, `./tools/<id>.js`, `./prompts/<id>.md`, … Completion proposes it, and
 * the add-required-field fix writes it.
 */
export function pathSuggestion(objectPath: JsonPath, key: string, model: ManifestModel): string | undefined {
  if (objectPath.length === 0) return key === 'command' ? './bin/plugin' : undefined;
  const at = objectPath[2];
  switch (referenceKindAt([...objectPath, key], model)) {
    case 'tool-schema':
      return `./tools/${model.tools[at as number]?.id || 'tool'}.schema.json`;
    case 'tool-handler':
      return `./tools/${model.tools[at as number]?.id || 'tool'}.js`;
    case 'prompt':
      return `./prompts/${model.actions[at as number]?.id || 'action'}.md`;
    case 'command-handler': {
      const id = model.commands[at as number]?.value.id;
      return `./commands/${typeof id === 'string' ? id : 'command'}.js`;
    }
    case 'setting-handler':
      return `./settings/${String(at)}.js`;
    case 'hook-handler':
      // The hook's own key holds a path too; a handler is proposed for `{ handler }` only.
      return key === 'handler' ? `./hooks/${toKebabCase(String(at))}.js` : undefined;
    default:
      return undefined;
  }
}
