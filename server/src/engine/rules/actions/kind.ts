import { defineRule } from '../rule';
import { enumMessage } from '../messages';

export const kindRule = defineRule({
  code: 'actions.kind',
  severity: 'error',
  description:
    'kind: "prompt" (default) renders prompt and opens an agent turn in chat; "tool" invokes toolId directly.',
  decision:
    'The approval gate "gates the agent\u2019s calls only", and a kind: "tool" action invokes its tool directly, with no agent turn: so the preview and `filer-manifest menu` say that choosing it runs the tool without asking, and give the tool\u2019s category as what the agent\u2019s calls of it get. A tool offered in the menu through its fileExtensions is taken the same way.',
  shapeMessage: enumMessage(
    '"prompt" (the default: renders prompt and opens an agent turn in chat) or "tool" (invokes toolId directly, no agent turn, no model)',
    ['prompt', 'tool'],
  ),
});
