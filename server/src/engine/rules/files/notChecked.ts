import { checkedBytes } from '../../folder/referencedFiles';
import { defineRule } from '../rule';
import { capitalized, limitWords, quote, sizeWords } from '../messages';
import { fileData, named, uncheckedWords, what, type FileData } from './shared';

export const decision =
  'Not a rule of the reference: Filer loads a large file, a bundled handler most often, so it is no error; but a handler past the size the checks read is not checked against the manifest (its ctx members\u2019 permissions, its tool\u2019s arguments, its results), nor a prompt for text, nor a schema for the tool\u2019s arguments, and this says so, so that no one takes the silence for a clean file. A schema is read up to a manifest\u2019s own limit (16 MiB: its analysis is linear in it, and the tool\u2019s gating is told from it); a handler or a prompt up to 2 MiB (a handler is parsed and walked). Sizes are in MiB (1,048,576 bytes) with one decimal. Information: nothing in it is said to be wrong.';

export const notCheckedRule = defineRule({
  code: 'files.not-checked',
  severity: 'information',
  description:
    'A handler module or a prompt template over 2 MiB, or a tool\u2019s schema over 16 MiB, is not read, so nothing in it is checked; this says so, at the path that names it. So does a file whose read or check failed (a fault of this tool or of the system, never of the plugin): that file alone is left unchecked.',
  message: (data: FileData & ({ size: number; limit: number } | { failure: string })) => {
    const unchecked = uncheckedWords(data.referenceKind);
    return 'size' in data
      ? `${named(data)} is ${sizeWords(data.size, data.limit)}, more than the ${limitWords(data.limit)} the checks read. ${capitalized(unchecked)} is not checked.`
      : `${named(data)} is not checked, as the check of ${what[data.referenceKind]} failed (${quote(data.failure)}). ` +
          `${capitalized(unchecked)} is not checked. This is a fault of Filer Plugin Tools, not of the plugin: please report it.`;
  },
  check: {
    file(file, { report }) {
      if (file.read !== 'unusable') return;
      const { reference, why } = file;
      // Filer loads a large file: it is only not checked.
      if (why.kind === 'too-large') {
        const limit = reference.kind === 'tool-schema' ? checkedBytes.schema : checkedBytes.code;
        report(reference.node, { ...fileData(reference), size: why.size, limit });
      } else if (why.kind === 'check-failed') report(reference.node, { ...fileData(reference), failure: why.detail });
    },
  },
});
