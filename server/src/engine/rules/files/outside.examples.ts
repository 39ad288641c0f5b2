import { manifestReference } from '../reference';
import { plugin, summarizePrompt } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, outsideRule } from './outside';

export const outsideDocs = ruleDocs(outsideRule, {
  decision,
  quotes: [
    manifestReference(
      'tools[] \u2014 MCP tools the agent can call',
      'path to the handler module, relative to the plugin root; must not contain ..',
    ),
    manifestReference('Top level', 'must be relative to the plugin\u2019s install directory'),
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
        files: { 'prompts/summarize.md': { symlink: '../../shared/prompts/summarize.md' } },
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
        files: { 'prompts/summary.md': summarizePrompt, 'prompts/summarize.md': { symlink: 'summary.md' } },
      },
    ],
  },
});
