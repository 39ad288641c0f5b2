import { asRecord } from '../model/manifestModel';
import { arrayItems, keyNode, valueNode } from '../model/nodes';
import { field } from './messages';
import { defineRules, type CodeOf, type RuleArea } from './rule';

const why = 'under runtime: "process"';

const definitions = defineRules([
  { code: 'process.hooks', fix: 'remove-member', severity: 'error', description: 'contributes.hooks (non-empty) is rejected for runtime: "process".' },
  { code: 'process.views', fix: 'remove-member', severity: 'error', description: 'contributes.views (non-empty) is rejected for runtime: "process".' },
  {
    code: 'process.action-setting',
    fix: 'remove-member',
    severity: 'error',
    description: 'A contributes.settings[*] of type: "action" is rejected for runtime: "process".',
  },
  {
    code: 'process.sandbox',
    fix: 'remove-member',
    severity: 'error',
    description: 'sandbox is rejected for runtime: "process" (the executable is already its own OS process).',
    decision: 'Any sandbox key is reported, also sandbox: false, since the reference rejects the field under this runtime.',
  },
  {
    code: 'process.static-fs',
    fix: 'add-parameter-grant',
    severity: 'error',
    description:
      'A static permissions.fs.read/write rule without "parameter": true is rejected for runtime: "process": a process plugin never receives the ctx.fs proxy that enforces static rules.',
    decision: 'An empty static list is no rule and is not reported.',
  },
  {
    code: 'process.tool-handler',
    fix: 'remove-member',
    severity: 'error',
    description: 'A tool entry must not carry handler under runtime: "process": a tool is called by its own id.',
  },
]);

type Code = CodeOf<typeof definitions>;

/** Everything runtime: "process" rejects, each with its own message, as the reference lists them. */
export const processRuntimeRules: RuleArea<Code> = {
  rules: definitions,
  check({ model, report }) {
    if (!model.isProcess || !model.root) return;
    const hooks = valueNode(model.contributes, 'hooks');
    if (hooks?.type === 'object' && hooks.children!.length > 0) {
      report('process.hooks', keyNode(model.contributes, 'hooks')!, `\`contributes.hooks\` is not available ${why}: hooks run in the app's plugin host, which a process plugin does not use.`, {
        path: ['contributes', 'hooks'],
      });
    }
    const views = valueNode(model.contributes, 'views');
    if (views?.type === 'array' && views.children!.length > 0) {
      report('process.views', keyNode(model.contributes, 'views')!, `\`contributes.views\` is not available ${why}.`, {
        path: ['contributes', 'views'],
      });
    }
    for (const setting of model.settings) {
      const type = valueNode(setting.node, 'type');
      if (type?.value === 'action') {
        report('process.action-setting', type, `${field(setting.path)} is of type "action", which is not available ${why}: there is no plugin host to run its handler.`, {
          path: setting.path,
        });
      }
    }
    const sandbox = keyNode(model.root, 'sandbox');
    if (sandbox) {
      report('process.sandbox', sandbox, `\`sandbox\` is rejected ${why}: the executable is already its own OS process.`, {
        path: ['sandbox'],
      });
    }
    const fs = valueNode(model.permissions, 'fs');
    for (const access of ['read', 'write'] as const) {
      const rule = valueNode(fs, access);
      const staticPatterns = valueNode(rule, 'static');
      if (arrayItems(staticPatterns).length > 0) {
        if (asRecord(asRecord(model.permissionsValue.fs)[access]).parameter !== true) {
          report(
            'process.static-fs',
            keyNode(rule, 'static')!,
            `A static \`permissions.fs.${access}\` rule without "parameter": true is rejected ${why}: a process plugin does its own OS I/O and never receives the ctx.fs proxy that enforces static rules, so the rule would be silently unenforced. Use "parameter": true (dispatch-time enforcement) instead.`,
            { path: ['permissions', 'fs', access] },
          );
        }
      }
    }
    for (const tool of model.tools) {
      const handler = keyNode(tool.node, 'handler');
      if (handler) {
        report('process.tool-handler', handler, `${field([...tool.path, 'handler'])} is forbidden ${why}: the process transport calls a tool by its own id.`, {
          path: [...tool.path, 'handler'],
          toolIndex: tool.key as number,
        });
      }
    }
  },
};
