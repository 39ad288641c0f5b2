import { defineRule } from '../rule';
import { fileData, named, type FileData } from './shared';

export const decision =
  'An error, like "..": an installed plugin carries only its own folder, and nothing outside it is read.';

export const outsideRule = defineRule({
  code: 'files.outside',
  severity: 'error',
  description:
    'A path the manifest names must stay inside the plugin folder (a symlink that leaves it is not followed).',
  message: (data: FileData) =>
    `${named(data)} leads outside the plugin folder through a symbolic link, so it is not read.`,
  check: {
    file(file, { report }) {
      if (file.read === 'unusable' && file.why.kind === 'outside')
        report(file.reference.node, fileData(file.reference));
    },
  },
});
