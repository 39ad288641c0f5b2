import type { ManifestModel } from './manifestModel';
import type { JsonPath } from './nodes';

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

/** Whether `key` applies in the object at `objectPath`, given the manifest's runtime, the action's kind, the setting's type. */
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
