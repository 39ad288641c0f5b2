import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { promptRequiredRule } from './promptRequired';

export const promptRequiredDocs = ruleDocs(promptRequiredRule, {
  quotes: [
    manifestReference(
      'actions[] \u2014 right-click AI actions',
      'prompt prompt kind path to the prompt template, relative to the plugin root',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "actions": [
              { «"id"»: "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                "scope": "single-file" }
            ]
          }`),
        fixed: {
          title: 'Add missing "prompt"',
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file",
                  "prompt": "./prompts/summarize.md" }
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
              { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                "scope": "single-file", "prompt": "./prompts/summarize.md" }
            ]
          }`),
      },
    ],
  },
});
