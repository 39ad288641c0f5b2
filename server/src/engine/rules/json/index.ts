import { byteOrderMark } from './shared';
import { commentRule } from './comment';
import { defineRules, type RuleArea } from '../rule';
import { duplicateKeyRule } from './duplicateKey';
import { syntaxRule } from './syntax';
import { tooDeepRule } from './tooDeep';
import { trailingCommaRule } from './trailingComma';

const definitions = defineRules([syntaxRule, commentRule, trailingCommaRule, duplicateKeyRule, tooDeepRule]);

/** The rule of each kind of syntax finding. */
const codeOfKind = {
  syntax: 'json.syntax',
  comment: 'json.comment',
  'trailing-comma': 'json.trailing-comma',
  'duplicate-key': 'json.duplicate-key',
  'too-deep': 'json.too-deep',
} as const;

/** JSON syntax as the loader reads it: strict JSON, one value. */
export const syntaxRules: RuleArea<typeof definitions> = {
  rules: definitions,
  check({ model, report, countBeyond }) {
    const notKept = model.document.findingsNotKept;
    for (const kind of Object.keys(notKept) as (keyof typeof notKept)[]) countBeyond(codeOfKind[kind], notKept[kind]!);
    for (const finding of model.document.findings) {
      switch (finding.kind) {
        case 'syntax':
          if (model.document.text.trim() === '') report('json.syntax', { offset: 0, length: 0 }, { detail: 'empty' });
          else if (finding.offset === 0 && model.document.text.startsWith(byteOrderMark))
            report('json.syntax', { offset: 0, length: 1 }, { detail: 'byte-order-mark' });
          else report('json.syntax', finding, { detail: finding.detail });
          break;
        case 'comment':
          report('json.comment', finding, {});
          break;
        case 'trailing-comma':
          report('json.trailing-comma', finding, {});
          break;
        case 'duplicate-key':
          report('json.duplicate-key', finding, { key: finding.detail, ...(finding.kept ? { kept: true } : {}) });
          break;
        case 'too-deep':
          report('json.too-deep', finding, { limit: finding.detail });
          break;
      }
    }
  },
};
