import { notInTheReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { decision, minMaxRule } from './minMax';

export const minMaxDocs = ruleDocs(minMaxRule, {
  decision,
  quotes: notInTheReference,
  examples: {
    incorrect: [
      {
        manifest: plugin(`
          "contributes": {
            "settings": {
              "minLength": { "type": "number", "title": "Shortest word counted", "min": «20», "max": 1 }
            }
          }`),
      },
    ],
    correct: [
      {
        manifest: plugin(`
          "contributes": {
            "settings": {
              "minLength": { "type": "number", "title": "Shortest word counted", "min": 1, "max": 20 }
            }
          }`),
      },
    ],
  },
});
