import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { idRule } from './id';

export const idDocs = ruleDocs(idRule, {
  quotes: [manifestReference('actions[] \u2014 right-click AI actions', 'id yes kebab-case.')],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "actions": [
              { "id": «"Summarize_File"», "title": "Summarize", "description": "Summarizes the selected file.",
                "scope": "single-file", "prompt": "./prompts/summarize.md" }
            ]
          }`),
        fixed: {
          title: 'Change to "summarize-file" (kebab-case)',
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize-file", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "prompt": "./prompts/summarize.md" }
              ]
            }`),
        },
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "actions": [
              { "id": "summarize-file", "title": "Summarize", "description": "Summarizes the selected file.",
                "scope": "single-file", "prompt": "./prompts/summarize.md" }
            ]
          }`),
      },
    ],
  },
});
