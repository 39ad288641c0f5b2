import { declareAnnotations, undeclared, undeclaredGating, type UndeclaredData } from './shared';
import { defineRule } from '../rule';

export const decision =
  "A hint, not a warning: the loader does not log this case, but the tool then asks depending on the folder's trust level.";

export const undeclaredAnnotationsWriteRule = defineRule({
  code: 'tools.undeclared-annotations-write',
  severity: 'hint',
  description:
    'A tool that declares no annotations, in a plugin that declares permissions.fs.write, is treated as readOnlyHint: false (modify).',
  message: (data: UndeclaredData) =>
    `${undeclared(data)}. As the plugin declares \`permissions.fs.write\`, Filer treats it as modify (\`readOnlyHint\` false), which ${data.asks}. ` +
    'Declare annotations so that a read-only tool does not ask.',
  fix: declareAnnotations,
  check: {
    tool(tool, context) {
      const undeclared = undeclaredGating(tool, context);
      if (undeclared?.gating.category === 'modify') context.report(undeclared.at, undeclared.data);
    },
  },
});
