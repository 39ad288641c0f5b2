import { defineRule } from '../rule';
import { enumMessage } from '../messages';

export const decision =
  'The approval gate "gates the agent\u2019s calls only", and a kind: "tool" action invokes its tool directly, with no agent turn: so the preview and `filer-manifest menu` say that choosing it runs the tool without asking, and give the tool\u2019s category as what the agent\u2019s calls of it get. A tool offered in the menu through its fileExtensions is taken the same way.';

export const kindRule = defineRule({
  code: 'actions.kind',
  severity: 'error',
  description:
    'kind: "prompt" (default) renders prompt and opens an agent turn in chat; "tool" invokes toolId directly.',
  shapeMessage: enumMessage(
    '"prompt" or "tool"',
    ['prompt', 'tool'],
    '"prompt", the default, renders the prompt and opens an agent turn in chat, and "tool" invokes the tool of `toolId` directly, with no agent turn and no model.',
  ),
});
