import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { actionHandlerRule, decision } from './actionHandler';

export const actionHandlerDocs = ruleDocs(actionHandlerRule, {
  decision,
  quotes: [
    manifestReference(
      'settings{} \u2014 the plugin\u2019s settings card',
      'type: "action" renders a button that runs handler (relative path)',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "settings": {
              "reset": { "type": «"action"», "title": "Reset" }
            }
          }`),
        fixed: {
          title: 'Add missing "handler"',
          manifest: plugin(`
            "contributes": {
              "settings": {
                "reset": { "type": "action", "title": "Reset", "handler": "./settings/reset.js" }
              }
            }`),
        },
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "settings": {
              "reset": { "type": "action", "title": "Reset", "handler": "./settings/reset.js" }
            }
          }`),
      },
    ],
  },
});
