import { defineRule } from '../rule';
import { normalizeRelativePath } from '../../model/references';
import { fileData, named, what, type FileData } from './shared';

export const decision = 'An error, like files.missing. An empty path ("", ".") names the plugin folder itself.';

export const notAFileRule = defineRule({
  code: 'files.not-a-file',
  severity: 'error',
  description: 'A path the manifest names must be a file, not a folder or a device.',
  message: (data: FileData & { isFolder: boolean }) => {
    const isPluginFolder = normalizeRelativePath(data.filePath) === '';
    return `${named(data)} names ${isPluginFolder ? 'the plugin folder itself' : data.isFolder ? 'a folder' : 'a device or special file'}, not ${what[data.referenceKind]}.`;
  },
  check: {
    file(file, { report }) {
      if (file.read === 'unusable' && file.why.kind === 'not-a-file')
        report(file.reference.node, { ...fileData(file.reference), isFolder: file.why.what === 'directory' });
    },
  },
});
