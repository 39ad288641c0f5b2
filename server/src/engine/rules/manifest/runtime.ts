import { defineRule } from '../rule';
import { enumMessage } from '../messages';

export const runtimeRule = defineRule({
  code: 'manifest.runtime',
  severity: 'error',
  description: 'runtime: "node" (default) or "process".',
  shapeMessage: enumMessage(
    '"node" or "process"',
    ['node', 'process'],
    '"node", the default, runs JavaScript handlers in the app\'s plugin host, and with "process" the plugin is its own executable.',
  ),
});
