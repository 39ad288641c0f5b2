import { leafValue, valueNode, type JsonPath } from '../../model/nodes';
import { defineRule } from '../rule';
import { field } from '../messages';
import { notADuration } from './shared';

export const decision =
  'A warning unless it is a whole number followed by ms, s, m or h ("500ms", "30s", "2m", "1h"); a number without a unit is that warning too.';

export const timeoutRule = defineRule({
  code: 'tools.timeout',
  severity: 'warning',
  description: 'timeout is a duration, e.g. "30s".',
  shapeMessage: (_finding, name, value) => notADuration(name, value),
  message: ({ jsonPath, value }: { jsonPath: JsonPath; value: string }) => notADuration(field(jsonPath), value),
  check: {
    tool(tool, { report }) {
      if (tool.node.type !== 'object') return;
      const timeout = leafValue(tool.node, 'timeout');
      if (typeof timeout === 'string' && !/^\d+(ms|s|m|h)$/.test(timeout))
        report(valueNode(tool.node, 'timeout')!, { jsonPath: [...tool.jsonPath, 'timeout'], value: timeout });
    },
  },
});
