import { defineRule } from '../rule';
import { enumMessage } from '../messages';

export const runtimeRule = defineRule({
  code: 'manifest.runtime',
  severity: 'error',
  description: 'runtime: "node" (default) or "process".',
  shapeMessage: enumMessage(
    '"node" (the default: handlers are JavaScript files run in the app\'s plugin host) or "process" (the plugin is its own executable)',
    ['node', 'process'],
  ),
});
