import { edit, type Fix } from '../../fixes/fix';
import { insertProperty, replaceNode } from '../../fixes/textEdits';
import { type JsonPath, nodeAtPath, propertyNode } from '../../model/nodes';
import { processRuntime } from '../messages';

export const why = `under the ${processRuntime}`;

export interface At {
  jsonPath: JsonPath;
}

/** A static fs rule under runtime: "process", given "parameter": true. */
export const addParameterGrant: Fix<At> = ({ jsonPath }, { analysis }) => {
  const rule = nodeAtPath(analysis.document.root, jsonPath);
  if (rule?.type !== 'object') return [];
  const existing = propertyNode(rule, 'parameter')?.valueNode;
  return edit('Add "parameter": true', [
    existing ? replaceNode(existing, 'true') : insertProperty(analysis.document, rule, 'parameter', () => 'true'),
  ]);
};
