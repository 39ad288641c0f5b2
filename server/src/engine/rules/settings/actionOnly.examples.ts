import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { actionOnlyRule, decision } from './actionOnly';

export const actionOnlyDocs = ruleDocs(actionOnlyRule, {
  decision,
  quotes: [
    manifestReference(
      'settings{} \u2014 the plugin\u2019s settings card',
      'type: "action" renders a button that runs handler (relative path); variant is "primary" | "secondary" | "danger".',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "settings": {
              "language": { "type": "string", "title": "Language", «"variant"»: "primary" }
            }
          }`),
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "settings": {
              "reset": { "type": "action", "title": "Reset", "handler": "./settings/reset.js", "variant": "primary" }
            }
          }`),
      },
    ],
  },
});
