import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { commandAbsoluteRule } from './commandAbsolute';

export const commandAbsoluteDocs = ruleDocs(commandAbsoluteRule, {
  quotes: [
    manifestReference(
      'Top level',
      'must be relative to the plugin\u2019s install directory (absolute on either OS is rejected \u2014 manifests are portable)',
    ),
  ],
  examples: {
    incorrect: [{ manifest: plugin(`"runtime": "process",\n"command": «"/usr/local/bin/word-count"»`) }],
    correct: [{ manifest: plugin(`"runtime": "process",\n"command": "./bin/word-count"`) }],
  },
});
