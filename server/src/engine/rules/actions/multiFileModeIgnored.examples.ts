import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, multiFileModeIgnoredRule } from './multiFileModeIgnored';

export const multiFileModeIgnoredDocs = ruleDocs(multiFileModeIgnoredRule, {
  decision,
  quotes: [
    manifestReference(
      'actions[] \u2014 right-click AI actions',
      'multiFileMode no, tool kind "independent" (default): one tool call per selected file.',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "actions": [
              { "id": "summarize", "title": "Summarize", "description": "Summarizes the files together.",
                "scope": "multi-file", "prompt": "./prompts/summarize.md", «"multiFileMode"»: "batch" }
            ]
          }`),
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "actions": [
              { "id": "summarize", "title": "Summarize", "description": "Summarizes the files together.",
                "scope": "multi-file", "prompt": "./prompts/summarize.md" }
            ]
          }`),
      },
    ],
  },
});
