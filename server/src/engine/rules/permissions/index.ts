import { gatedMembers, type GatedMember } from '../../handlers/gatedMembers';
import { permissionGapTable } from '../../handlers/permissionGaps';
import { permissionGapFindings, type PermissionGapFinding } from '../permissionGapFindings';
import { defineRules, type RuleArea } from '../rule';
import { visitRules } from '../visit';
import { fetchPrivateRule } from './fetchPrivate';
import { fetchSettingDefaultRule } from './fetchSettingDefault';
import { fetchSettingTypeRule } from './fetchSettingType';
import { fetchSettingUnknownRule } from './fetchSettingUnknown';
import { fetchUrlRule } from './fetchUrl';
import { hookParameterOnlyRule } from './hookParameterOnly';
import { listStaticGlobRule } from './listStaticGlob';
import { parameterWithoutPathPropertyRule } from './parameterWithoutPathProperty';
import { relativeStaticRule } from './relativeStatic';
import { undeclaredUseRule } from './undeclaredUse';

const definitions = defineRules([
  relativeStaticRule,
  listStaticGlobRule,
  fetchUrlRule,
  fetchPrivateRule,
  fetchSettingUnknownRule,
  fetchSettingTypeRule,
  fetchSettingDefaultRule,
  parameterWithoutPathPropertyRule,
  undeclaredUseRule,
  hookParameterOnlyRule,
]);

type Definitions = typeof definitions;

/** permissions: what a plugin may touch, enforced by the ctx it receives. */
export const permissionRules: RuleArea<Definitions> = {
  rules: definitions,
  // The two summaries at a handler's path, in the order of its members in the table, whichever of the two each is.
  check: visitRules(definitions, (context) => {
    const gaps = permissionGapTable(context.model.permissionsValue);
    // One summary per entry, at its path; what it says is found once per module and kind of handler.
    const summaries = new Map<string, readonly PermissionGapFinding[]>();
    for (const file of context.files().files) {
      if (file.read !== 'handler') continue;
      const key = `${file.kind}\0${file.relativePath}`;
      let summary = summaries.get(key);
      if (!summary)
        summaries.set(key, (summary = firstOfEachMember(permissionGapFindings(gaps, file, file.reference))));
      const at = file.reference.node;
      const filePath = file.reference.filePath;
      for (const finding of summary) {
        if (finding.gap === 'undeclared')
          context.report('permissions.undeclared-use', at, { ...finding.data, filePath });
        else context.report('permissions.hook-parameter-only', at, { ...finding.data, filePath });
      }
    }
  }),
};

/** The first gap of each gated member the handler uses, in the table's order whatever the code's. */
function firstOfEachMember(gaps: PermissionGapFinding[]): PermissionGapFinding[] {
  const said = new Set<GatedMember>();
  return gaps
    .sort((a, b) => gatedMembers.indexOf(a.use.gated) - gatedMembers.indexOf(b.use.gated))
    .filter(({ use }) => {
      if (said.has(use.gated)) return false;
      said.add(use.gated);
      return true;
    });
}
