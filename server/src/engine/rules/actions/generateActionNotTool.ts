import { generateField, generateValue, type At } from './shared';
import { defineRule } from '../rule';
import { field, quote } from '../messages';

/** What `generate.actionId` must name, in words. */
const anotherToolAction = 'another action of this manifest, of kind "tool"';

export const generateActionNotToolRule = defineRule({
  code: 'actions.generate-action-not-tool',
  severity: 'error',
  description: 'generate.actionId invokes a sibling kind: "tool" action.',
  message: (data: At & { actionId: string } & ({ itself: true } | { targetKind: string })) =>
    'itself' in data
      ? `${field(data.jsonPath)} names this action itself. The button invokes ${anotherToolAction}.`
      : `${field(data.jsonPath)} ${quote(data.actionId)} names an action of kind ${quote(data.targetKind)}. The button invokes ${anotherToolAction}.`,
  check: {
    action(action, { model, report }) {
      const named = generateValue(action, 'actionId');
      const target = typeof named === 'string' ? model.actionsById.get(named) : undefined;
      if (!target || (target !== action && target.kind === 'tool')) return;
      const actionId = generateField(action, 'actionId');
      if (!actionId) return;
      const jsonPath = [...action.jsonPath, 'generate', 'actionId'];
      if (target === action) report(actionId, { jsonPath, actionId: actionId.value as string, itself: true });
      else if (target.kind !== 'tool')
        report(actionId, { jsonPath, actionId: actionId.value as string, targetKind: String(target.kind) });
    },
  },
});
