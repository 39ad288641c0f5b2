import { reportDuplicateIds, type DuplicateIdData } from './duplicateIds';
import { quote } from './messages';
import { plugin } from './examples';
import { defineRule, defineRules, type RuleArea } from './rule';
import { notInTheReference } from './reference';

const definitions = defineRules([
  defineRule({
    code: 'commands.duplicate-id',
    severity: 'warning',
    description: 'Two slash commands of the manifest share an id.',
    decision:
      'A warning, like duplicate action ids: the reference states no rule against it, but an id names one slash command, and the reference does not say which of the two the app would keep.',
    quotes: notInTheReference,
    message: ({ id, firstPlace }: DuplicateIdData) =>
      `Command id ${quote(id)} is already used by \`${firstPlace}\`. Which of the two Filer keeps is not documented: give each its own id.`,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "commands": [
                { "id": "word-count", "title": "Word count", "handler": "./commands/word-count.js" },
                { "id": «"word-count"», "title": "Folder word count", "handler": "./commands/folder-count.js" }
              ]
            }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "commands": [
                { "id": "word-count", "title": "Word count", "handler": "./commands/word-count.js" },
                { "id": "folder-word-count", "title": "Folder word count", "handler": "./commands/folder-count.js" }
              ]
            }`),
        },
      ],
    },
  }),
  defineRule({
    code: 'views.duplicate-id',
    severity: 'warning',
    description: 'Two views of the manifest share an id.',
    decision:
      'A warning, like duplicate action ids: the reference states no rule against it, but an id names one panel, and the reference does not say which of the two the app would keep.',
    quotes: notInTheReference,
    message: ({ id, firstPlace }: DuplicateIdData) =>
      `View id ${quote(id)} is already used by \`${firstPlace}\`. Which of the two Filer keeps is not documented: give each its own id.`,
    examples: {
      incorrect: [
        {
          manifest: plugin(`
            "contributes": {
              "views": [
                { "id": "word-stats", "title": "Word statistics", "location": "sidebar" },
                { "id": «"word-stats"», "title": "Word history", "location": "panel" }
              ]
            }`),
        },
      ],
      correct: [
        {
          manifest: plugin(`
            "contributes": {
              "views": [
                { "id": "word-stats", "title": "Word statistics", "location": "sidebar" },
                { "id": "word-history", "title": "Word history", "location": "panel" }
              ]
            }`),
        },
      ],
    },
  }),
]);

/** contributes.commands[] (slash commands) and contributes.views[] (plugin panels). */
export const commandViewRules: RuleArea<typeof definitions> = {
  rules: definitions,
  check(context) {
    reportDuplicateIds(context, context.model.commands, 'commands.duplicate-id');
    reportDuplicateIds(context, context.model.views, 'views.duplicate-id');
  },
};
