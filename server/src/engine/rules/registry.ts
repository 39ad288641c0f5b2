import type { DiagnosticOf } from '../diagnostics';
import { actionRules } from './actions';
import { commandRules } from './commands';
import { configRules } from './config';
import { diagnosticsRules } from './diagnostics';
import { fileRules } from './files';
import { handlerRules } from './handlers';
import { hookRules } from './hooks';
import { manifestRules } from './manifest';
import { pathRules } from './paths';
import { permissionRules } from './permissions';
import { processRuntimeRules } from './process';
import type { AnyRule, DataOf, RuleArea, ShapeData } from './rule';
import { settingRules } from './settings';
import { shapeArea } from './shape';
import type { ShapeCode } from './shapeRules';
import { syntaxRules } from './json';
import { toolRules } from './tools';
import { viewRules } from './views';

const referenceAreas = [
  manifestRules,
  processRuntimeRules,
  toolRules,
  actionRules,
  settingRules,
  hookRules,
  commandRules,
  viewRules,
  permissionRules,
  handlerRules,
  pathRules,
  fileRules,
] as const;

/** The definitions of the areas' own rules (the generic shape rules aside). */
type AreaRule =
  | (typeof referenceAreas)[number]['rules'][number]
  | (typeof syntaxRules)['rules'][number]
  | (typeof diagnosticsRules)['rules'][number]
  | (typeof configRules)['rules'][number];

/** Every rule code: a code no rule declares is not a `RuleCode`, so a typo does not compile. */
export type RuleCode = AreaRule['code'] | ShapeCode;

/** The data a finding of `code` carries: what its definition's message and fix take. */
export type RuleData<C extends RuleCode> = C extends ShapeCode
  ? ShapeData
  : DataOf<readonly AreaRule[], C & AreaRule['code']>;

/** Whether `code` is a registered rule's. */
export function isRuleCode(code: string): code is RuleCode {
  return ruleByCode.has(code);
}

/**
 * The validator's diagnostic: LSP-shaped (0-based, UTF-16 positions) but free of any LSP import, of a registered rule.
 */
export type ManifestDiagnostic = DiagnosticOf<RuleCode>;

/** A diagnostic's data, typed by its code; undefined for a diagnostic of another code. */
export function dataOf<C extends RuleCode>(diagnostic: ManifestDiagnostic, code: C): RuleData<C> | undefined {
  return diagnostic.code === code ? (diagnostic.data as RuleData<C>) : undefined;
}

/** Every rule by its code; a code is registered once. */
export const ruleByCode = new Map<string, AnyRule>();

const shapeRules = shapeArea(ruleByCode, referenceAreas);

/** The areas in the order they run; syntax first, then the schema's shape rules, then the rest. */
export const ruleAreas: readonly RuleArea[] = [syntaxRules, shapeRules, ...referenceAreas];

for (const area of [...ruleAreas, diagnosticsRules, configRules] as readonly RuleArea[]) {
  for (const rule of area.rules) {
    if (ruleByCode.has(rule.code)) throw new Error(`Rule code ${rule.code} is registered twice`);
    ruleByCode.set(rule.code, rule);
  }
}

export const allRules: AnyRule[] = [...ruleByCode.values()];

/** The codes of the JSON syntax rules (json.*): what a JSON editor's own validation may already show. */
export const syntaxCodes: ReadonlySet<string> = new Set(syntaxRules.rules.map((rule) => rule.code));
