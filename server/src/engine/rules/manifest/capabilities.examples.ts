import { manifestReference } from '../reference';
import { plugin } from '../examples';
import { ruleDocs } from '../ruleDocs';
import { capabilitiesRule } from './capabilities';

export const capabilitiesDocs = ruleDocs(capabilitiesRule, {
  quotes: [
    manifestReference(
      'Top level',
      'capabilities[] no flat lowercase tags (^[a-z0-9]+([.-][a-z0-9]+)*$), e.g. channel.telegram, audio.stt.',
    ),
  ],
  examples: {
    incorrect: [{ manifest: plugin(`"capabilities": ["text.count", «"Word_Count"»]`) }],
    correct: [{ manifest: plugin(`"capabilities": ["text.count", "text.word-count"]`) }],
  },
});
