import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { commandRequiredRule } from './commandRequired';

export const commandRequiredDocs = ruleDocs(commandRequiredRule, {
  quotes: [manifestReference('Top level', 'command is required for runtime: "process"')],
  examples: {
    incorrect: [
      {
        manifest: plugin(`"runtime": «"process"»`),
        fixed: {
          title: 'Add missing "command"',
          manifest: plugin(`
            "runtime": "process",
            "command": "./bin/plugin"`),
        },
      },
    ],
    correct: [{ manifest: plugin(`"runtime": "process",\n"command": "./bin/word-count"`) }],
  },
});
