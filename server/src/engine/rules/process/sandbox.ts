import { keyNode } from '../../model/nodes';
import { defineRule } from '../rule';
import { removeField } from '../../fixes/shared';
import { type At, why } from './shared';

export const decision =
  'Any sandbox key is reported, also sandbox: false, since the reference rejects the field under this runtime.';

export const sandboxRule = defineRule({
  code: 'process.sandbox',
  severity: 'error',
  description: 'sandbox is rejected for runtime: "process" (the executable is already its own OS process).',
  message: (_: At) =>
    `\`sandbox\` is rejected ${why}. The executable already runs as its own operating-system process, outside the sandbox worker.`,
  fix: removeField,
  check: {
    manifest({ model, report }) {
      const sandbox = model.isProcess && model.root ? keyNode(model.root, 'sandbox') : undefined;
      if (sandbox) report(sandbox, { jsonPath: ['sandbox'] });
    },
  },
});
