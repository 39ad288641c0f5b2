import { manifestReference } from '../reference';
import { plugin, summarizePrompt } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, notAFileRule } from './notAFile';

export const notAFileDocs = ruleDocs(notAFileRule, {
  decision,
  quotes: [
    manifestReference(
      'tools[] \u2014 MCP tools the agent can call',
      'path to the handler module, relative to the plugin root',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "actions": [
              { "id": "summarize", "title": "Summarize", "description": "Summarizes the selected file.",
                "scope": "single-file", "prompt": «"./prompts"» }
            ]
          }`),
        files: { 'prompts/summarize.md': summarizePrompt },
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
