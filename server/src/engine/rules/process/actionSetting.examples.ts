import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { actionSettingRule } from './actionSetting';

export const actionSettingDocs = ruleDocs(actionSettingRule, {
  quotes: [
    manifestReference(
      'runtime: "process" \u2014 not supported',
      'The following are rejected under this runtime, each with its own message: contributes.hooks (non-empty), contributes.views (non-empty), any contributes.settings[*] of type: "action"',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "runtime": "process",
          "command": "./bin/word-count",
          "contributes": {
            "settings": {
              "language": { "type": "string", "title": "Language" },
              "reset": { "type": «"action"», "title": "Reset", "handler": "./settings/reset.js" }
            }
          }`),
        fixed: {
          title: 'Remove "reset"',
          manifest: plugin(`
            "runtime": "process",
            "command": "./bin/word-count",
            "contributes": {
              "settings": {
                "language": { "type": "string", "title": "Language" }
              }
            }`),
        },
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "runtime": "process",
          "command": "./bin/word-count",
          "contributes": {
            "settings": {
              "language": { "type": "string", "title": "Language" }
            }
          }`),
      },
    ],
  },
});
