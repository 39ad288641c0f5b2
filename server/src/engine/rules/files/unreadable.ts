import { defineRule } from '../rule';
import { fileData, named, type FileData } from './shared';

export const decision =
  'An error: what Filer cannot read, it cannot load. A file too large to check is not unreadable to Filer: files.not-checked says so, as information.';

export const unreadableRule = defineRule({
  code: 'files.unreadable',
  severity: 'error',
  description: 'A file the manifest names must be readable.',
  message: (data: FileData & { reason: string }) => `${named(data)} cannot be read: ${data.reason}.`,
  check: {
    file(file, { report }) {
      if (file.read === 'unusable' && file.why.kind === 'unreadable')
        report(file.reference.node, { ...fileData(file.reference), reason: file.why.reason });
    },
  },
});
