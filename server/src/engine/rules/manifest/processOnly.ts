import { processOnlyKeys } from '../../model/keysThatApply';
import { keyNode } from '../../model/nodes';
import { defineRule } from '../rule';
import { field, processRuntime, quote } from '../messages';

export const decision = 'A warning: under runtime "node" the app ignores them, which is rarely what the author meant.';

export const processOnlyRule = defineRule({
  code: 'manifest.process-only',
  severity: 'warning',
  description: 'command and args are read for runtime: "process" only.',
  message: ({ jsonPath, runtime }: { jsonPath: [string]; runtime: string }) =>
    `${field(jsonPath)} is read only under the ${processRuntime}, and this plugin's runtime is ${quote(runtime)}, so Filer ignores it.`,
  check: {
    manifest({ model, report }) {
      if (!model.root || model.isProcess) return;
      for (const name of processOnlyKeys) {
        const key = keyNode(model.root, name);
        if (key) report(key, { jsonPath: [name], runtime: model.runtime });
      }
    },
  },
});
