import { notInTheReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, numberOnlyRule } from './numberOnly';

export const numberOnlyDocs = ruleDocs(numberOnlyRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "settings": {
              "language": { "type": "string", "title": "Language", «"max"»: 5 }
            }
          }`),
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "settings": {
              "minLength": { "type": "number", "title": "Shortest word counted", "max": 5 }
            }
          }`),
      },
    ],
  },
});
