import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { scopeRule } from './scope';

export const scopeDocs = ruleDocs(scopeRule, {
  quotes: [
    manifestReference(
      'actions[] \u2014 right-click AI actions',
      'scope yes "single-file", "multi-file", "folder", or an array of those.',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "actions": [
              { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                "scope": «"file"», "prompt": "./prompts/summarize.md" }
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
                "scope": "single-file", "prompt": "./prompts/summarize.md" }
            ]
          }`),
      },
    ],
  },
});
