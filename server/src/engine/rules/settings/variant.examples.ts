import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { variantRule } from './variant';

export const variantDocs = ruleDocs(variantRule, {
  quotes: [
    manifestReference(
      'settings{} \u2014 the plugin\u2019s settings card',
      'variant is "primary" | "secondary" | "danger".',
    ),
  ],
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "settings": {
              "reset": { "type": "action", "title": "Reset", "handler": "./reset.js", "variant": «"warning"» }
            }
          }`),
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "settings": {
              "reset": { "type": "action", "title": "Reset", "handler": "./reset.js", "variant": "danger" }
            }
          }`),
      },
    ],
  },
});
