import { isAbsolutePath } from '../../model/references';
import { valueNode, type JsonPath } from '../../model/nodes';
import { defineRule } from '../rule';
import { quote } from '../messages';

export const commandAbsoluteRule = defineRule({
  code: 'manifest.command-absolute',
  severity: 'error',
  description:
    'command must be relative to the plugin\u2019s install directory: absolute on either OS is rejected (manifests are portable).',
  message: ({ filePath }: { jsonPath: JsonPath; filePath: string }) =>
    `\`command\` ${quote(filePath)} is an absolute path. Filer rejects one on every operating system, so that a manifest works on any machine: write it relative to the plugin's install directory.`,
  check: {
    manifest({ model, report }) {
      const command = model.root && model.isProcess ? valueNode(model.root, 'command') : undefined;
      if (typeof command?.value === 'string' && isAbsolutePath(command.value))
        report(command, { jsonPath: ['command'], filePath: command.value });
    },
  },
});
