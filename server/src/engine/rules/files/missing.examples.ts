import { manifestReference } from '../reference';
import { plugin, summarizePrompt } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, missingRule } from './missing';

export const missingDocs = ruleDocs(missingRule, {
  decision,
  quotes: [
    manifestReference(
      'tools[] \u2014 MCP tools the agent can call',
      'path to a JSON-Schema file for the tool\u2019s arguments, relative to the plugin root',
    ),
    manifestReference(
      'tools[] \u2014 MCP tools the agent can call',
      'path to the handler module, relative to the plugin root',
    ),
    manifestReference(
      'actions[] \u2014 right-click AI actions',
      'path to the prompt template, relative to the plugin root',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "actions": [
              { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                "scope": "single-file", "prompt": «"./prompts/summarize.md"» }
            ]
          }`),
        files: { 'prompts/summarise.md': summarizePrompt },
        fixed: {
          title: 'Create prompts/summarize.md',
          manifest: plugin(`
            "contributes": {
              "actions": [
                { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                  "scope": "single-file", "prompt": "./prompts/summarize.md" }
              ]
            }`),
          newFiles: { 'prompts/summarize.md': 'Read {{file}} and …\n' },
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
        files: { 'prompts/summarize.md': summarizePrompt },
      },
    ],
  },
});
