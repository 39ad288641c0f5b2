import { declareAnnotations, undeclared, undeclaredGating, type UndeclaredData } from './shared';
import { defineRule } from '../rule';

export const undeclaredAnnotationsWriteRule = defineRule({
  code: 'tools.undeclared-annotations-write',
  severity: 'hint',
  description:
    'A tool that declares no annotations, in a plugin that declares permissions.fs.write, is treated as readOnlyHint: false (modify).',
  decision:
    "A hint, not a warning: the loader does not log this case, but the tool then asks depending on the folder's trust level.",
  message: (data: UndeclaredData) =>
    `${undeclared(data)}: because the plugin declares permissions.fs.write, it is treated as readOnlyHint: false, category modify, which ${data.asks}.`,
  fix: declareAnnotations,
  check: {
    tool(tool, context) {
      const undeclared = undeclaredGating(tool, context);
      if (undeclared?.gating.category === 'modify') context.report(undeclared.at, undeclared.data);
    },
  },
});
