import { notInTheReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, defaultRule } from './default';

export const defaultDocs = ruleDocs(defaultRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "settings": {
              "minLength": { "type": "number", "title": "Shortest word counted", "default": «"3"» }
            }
          }`),
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "settings": {
              "minLength": { "type": "number", "title": "Shortest word counted", "default": 3 }
            }
          }`),
      },
    ],
  },
});
