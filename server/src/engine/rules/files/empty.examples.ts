import { notInTheReference } from '../reference';
import { plugin, summarizePrompt } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, emptyRule } from './empty';

export const emptyDocs = ruleDocs(emptyRule, {
  decision,
  quotes: notInTheReference,
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
        files: { 'prompts/summarize.md': '\n' },
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
