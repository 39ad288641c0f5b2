import { settingTypeOnlyKeys } from '../../model/keysThatApply';
import type { Entry } from '../../model/manifestModel';
import { keyNode, type JsonPath } from '../../model/nodes';
import type { JsonNode } from '../../parse/jsonNode';
import { field, quote } from '../messages';

export interface At {
  jsonPath: JsonPath;
}

type TypeWithKeys = keyof typeof settingTypeOnlyKeys;

/** The keys of `setting` that only a setting of type `owner` reads (model/keysThatApply.ts): each key's node. */
export function keysOnlyOf(owner: TypeWithKeys, setting: Entry): { at: JsonNode; jsonPath: JsonPath }[] {
  return settingTypeOnlyKeys[owner].flatMap((key) => {
    const at = keyNode(setting.node, key);
    return at ? [{ at, jsonPath: [...setting.jsonPath, key] }] : [];
  });
}

/** The message of a key only a setting of type `owner` reads, on a setting of another type. */
export function ignoredOnOtherType(owner: TypeWithKeys): (data: At & { type: unknown }) => string {
  return ({ jsonPath, type }) =>
    `${field(jsonPath)} is read only in a setting of type ${quote(owner)}, and this one is of type ${quote(type)}, so Filer ignores it.`;
}
