import { declareAnnotations, undeclared, undeclaredGating, type UndeclaredData } from './shared';
import { defineRule } from '../rule';
import { processRuntime } from '../messages';

export const decision =
  'The safer reading, wherever the reference can be read two ways: the one under which the author is warned of the stricter gate. So annotations: {} declares no annotations (nor does an object with none of the four names): such a tool is treated by its plugin\u2019s permissions, here and in the hover and the preview.';

export const undeclaredAnnotationsRule = defineRule({
  code: 'tools.undeclared-annotations',
  severity: 'warning',
  description:
    'A tool that declares no annotations, in a plugin that declares permissions.fetch or runs as runtime: "process", is treated as openWorldHint: true, and the loader logs a warning naming it.',
  message: (data: UndeclaredData & { because: ('permissions.fetch' | 'runtime: "process"')[] }) =>
    `${undeclared(data)}. As the plugin ${data.because.map((source) => (source === 'permissions.fetch' ? 'declares `permissions.fetch`' : `runs under the ${processRuntime}`)).join(' and ')}, ` +
    `Filer treats it as external (\`openWorldHint\` true), which ${data.asks}. Declare annotations so that a read-only tool does not ask.`,
  fix: declareAnnotations,
  check: {
    tool(tool, context) {
      const undeclared = undeclaredGating(tool, context);
      if (undeclared?.gating.category !== 'external') return;
      const because = undeclared.gating.reasons
        .filter((reason) => reason.category === 'external')
        .map(
          (reason) =>
            (reason.source === 'permissions.fetch' ? 'permissions.fetch' : 'runtime: "process"') as
              'permissions.fetch' | 'runtime: "process"',
        );
      context.report(undeclared.at, { ...undeclared.data, because });
    },
  },
});
