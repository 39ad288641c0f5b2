import { defineRule } from '../rule';
import { fileData, named, type FileData } from './shared';

export const decision =
  'A warning, not an error: the reference does not say the loader refuses an empty file, but an empty module ' +
  'exports no function for Filer to call and an empty template gives the agent no request. Empty is nothing but ' +
  'white space. A schema file that is empty is tools.schema-not-json.';

export const emptyRule = defineRule({
  code: 'files.empty',
  severity: 'warning',
  description: 'A handler module or a prompt template the manifest names should have something in it.',
  message: (data: FileData) => {
    const prompt = data.referenceKind === 'prompt';
    const why = prompt ? 'the action would give the agent no request' : 'it exports no function for Filer to call';
    return `${named(data)} is an empty file, so ${why}.`;
  },
  check: {
    file(file, { report }) {
      if ((file.read === 'handler' && file.text.empty) || (file.read === 'prompt' && file.empty))
        report(file.reference.node, fileData(file.reference));
    },
  },
});
