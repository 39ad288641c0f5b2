import { valueNode, type JsonPath } from '../../model/nodes';
import { defineRule } from '../rule';
import { field, quote } from '../messages';

/** The fewest characters, white space at either end aside, of a description that can say what a tool does and when. */
const shortestDescription = 20;

export const decision = /* @__PURE__ */ (() =>
  `A hint when a description is a string of fewer than ${shortestDescription} characters once trimmed. Neither the reference nor the tools guide sets a length: the guide says the description is the only thing the model sees when choosing between tools, and that it should say what the tool does and when to use it. ${shortestDescription} characters is about four words, too few for both ("Counts words." is 13, the guide's own example is 79), and long enough that no description which does say both is reported. A hint, not a warning: Filer loads the tool and the agent can call it, a length cannot tell a vague description from a terse clear one, and the author is the judge of the words.`)();

export const descriptionTooShortRule = defineRule({
  code: 'tools.description-too-short',
  severity: 'hint',
  description:
    'A tool description is what the model reads when deciding whether this tool is the right one for the turn.',
  message: ({ jsonPath, value }: { jsonPath: JsonPath; value: string }) =>
    `${field(jsonPath)} ${quote(value)} is too short to say what the tool does and when to use it. ` +
    "Filer's agent reads only the description when it chooses between tools, so it may skip this tool or call it for the wrong task. " +
    `Write at least ${shortestDescription} characters that say what the tool does and the situation it is for, as in "Counts the words in a text file. Use when the user asks how long a document is."`,
  check: {
    tool(tool, { report }) {
      const description = tool.value.description;
      if (typeof description !== 'string' || description.trim().length >= shortestDescription) return;
      const at = valueNode(tool.node, 'description');
      if (at) report(at, { jsonPath: [...tool.jsonPath, 'description'], value: description });
    },
  },
});
