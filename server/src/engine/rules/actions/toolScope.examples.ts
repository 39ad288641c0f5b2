import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { toolScopeRule } from './toolScope';

export const toolScopeDocs = ruleDocs(toolScopeRule, {
  quotes: [
    manifestReference(
      'actions[] \u2014 right-click AI actions',
      'toolScope no, prompt kind only "none" (no tools this turn) or "read-only" (only tools that read the folder and its knowledge \u2014 nothing that writes, runs a command, reaches the network, or belongs to a plugin).',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "actions": [
              { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                "scope": "single-file", "prompt": "./prompts/summarize.md", "toolScope": «"readonly"» }
            ]
          }`),
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "actions": [
              { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                "scope": "single-file", "prompt": "./prompts/summarize.md", "toolScope": "read-only" }
            ]
          }`),
      },
    ],
  },
});
