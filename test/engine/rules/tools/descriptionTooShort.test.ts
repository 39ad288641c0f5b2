import { ruleTester } from '../../ruleTester';
import { validPluginWith } from '../../validPlugin';

/** The valid plugin with its tool's description replaced by this JSON text (which may carry the «marks»). */
const withDescription = (json: string) =>
  validPluginWith(['"description": "Counts the words in a text file."', `"description": ${json}`]);

ruleTester('tools.description-too-short', {
  valid: [
    { name: 'the valid plugin’s description', ...withDescription('"Counts the words in a text file."') },
    { name: 'exactly 20 characters', ...withDescription('"Counts words in text"') },
    { name: '20 characters once trimmed', ...withDescription('"  Counts words in text  "') },
    { name: 'a description that is not a string is not this rule’s', ...withDescription('42') },
  ],
  invalid: [
    {
      name: 'a short description',
      plugin: withDescription('«"Counts words."»'),
      severity: 'hint',
      message:
        '`contributes.tools[0].description` "Counts words." is too short to say what the tool does and when to use it. ' +
        "Filer's agent reads only the description when it chooses between tools, so it may skip this tool or call it for the wrong task. " +
        'Write at least 20 characters that say what the tool does and the situation it is for, as in "Counts the words in a text file. Use when the user asks how long a document is."',
    },
    { name: 'an empty description', plugin: withDescription('«""»'), severity: 'hint' },
    {
      name: 'white space does not count',
      plugin: withDescription('«"     Counts words.          "»'),
      message: /^`contributes\.tools\[0\]\.description` " {5}Counts words\. {10}" is too short/,
    },
    { name: '19 characters', plugin: withDescription('«"Counts words in tex"»') },
  ],
});
