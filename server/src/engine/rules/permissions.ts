import { arrayItems, valueNode } from '../model/nodes';
import type { JsonNode } from '../parse/jsonNode';
import { closest, didYouMean, quote } from './messages';
import { defineRules, type CodeOf, type RuleArea, type RuleContext } from './rule';

const definitions = defineRules([
  {
    code: 'permissions.relative-static',
    fix: 'replace-with-replacement',
    severity: 'warning',
    description:
      'Relative static fs patterns are resolved against the app process\u2019s working directory, not the plugin\u2019s directory: write "${dataDir}/cache/**" or an absolute path. Patterns beginning with * are matched as globs without resolution.',
    decision: 'A pattern beginning with "~" counts as relative: the reference names only absolute paths and ${dataDir}, and does not say "~" is expanded.',
  },
  {
    code: 'permissions.list-static-glob',
    fix: 'replace-with-replacement',
    severity: 'warning',
    description: 'fs.list static entries are directory paths matched by prefix (a listed directory covers everything below it), not globs.',
    decision: 'A warning with the directory as the fix when the glob is only at the end ("${dataDir}/exports/**" → "${dataDir}/exports"): a glob entry matches only a directory named like it.',
  },
  {
    code: 'permissions.fetch-url',
    fix: 'replace-with-replacement',
    severity: 'warning',
    description: 'fetch.static and fetch.deny entries are host names, not URLs.',
    decision: 'A warning with the host as the fix: an entry with a scheme or a path matches no host.',
  },
  {
    code: 'permissions.fetch-private',
    severity: 'warning',
    description: 'localhost and private ranges are refused regardless of fetch.static (SSRF guard).',
    decision: 'A warning: the manifest loads, and the host is refused when a handler fetches it.',
  },
  {
    code: 'permissions.fetch-setting-unknown',
    fix: 'replace-with-suggestion',
    severity: 'warning',
    description: 'A fetch.settings entry names a setting of this manifest, whose value is a full URL.',
    decision: 'A warning, not an error: the reference names no refusal, and a name that matches no setting of this manifest silently grants no host.',
  },
  {
    code: 'permissions.fetch-setting-type',
    severity: 'warning',
    description: 'A setting named by fetch.settings holds a full URL (https://api.example.com/v1), so it is of type "string".',
  },
  {
    code: 'permissions.fetch-setting-default',
    severity: 'warning',
    description:
      'The value of a setting named by fetch.settings must be a full URL: the host is taken from it with a URL parse, so a bare host name parses as nothing and grants nothing.',
    decision: "Checked on the setting's default, the one value the manifest shows.",
  },
]);

type Code = CodeOf<typeof definitions>;

/** permissions: what a plugin may touch, enforced by the ctx it receives. */
export const permissionRules: RuleArea<Code> = {
  rules: definitions,
  check(context) {
    const { model } = context;
    const fs = valueNode(model.permissions, 'fs');
    for (const access of ['read', 'write', 'list']) {
      arrayItems(valueNode(valueNode(fs, access), 'static')).forEach((pattern, index) => {
        const path = ['permissions', 'fs', access, 'static', index];
        checkStaticPattern(context, pattern, path, access === 'list');
        if (access === 'list') checkListDirectory(context, pattern, path);
      });
    }
    const fetch = valueNode(model.permissions, 'fetch');
    for (const list of ['static', 'deny']) {
      arrayItems(valueNode(fetch, list)).forEach((entry, index) => checkHost(context, entry, ['permissions', 'fetch', list, index], list === 'static'));
    }
    const settingIds = model.settings.map((s) => String(s.key));
    arrayItems(valueNode(fetch, 'settings')).forEach((entry, index) => {
      if (typeof entry.value !== 'string') return;
      const path = ['permissions', 'fetch', 'settings', index];
      const setting = model.settings.find((s) => s.key === entry.value);
      if (!setting) {
        const suggestion = closest(entry.value, settingIds);
        context.report(
          'permissions.fetch-setting-unknown',
          entry,
          `\`permissions.fetch.settings\` names ${quote(entry.value)}, which is not a setting of this manifest (contributes.settings): it grants no host.${didYouMean(suggestion)}`,
          { path, ...(suggestion ? { suggestion } : {}) },
        );
      } else if (typeof setting.value.default === 'string' && !isFullUrl(setting.value.default)) {
        context.report(
          'permissions.fetch-setting-default',
          valueNode(setting.node, 'default')!,
          `The default of setting ${quote(entry.value)} is ${quote(setting.value.default)}, but fetch.settings takes the host from a full URL (https://api.example.com/v1): a bare host name parses as nothing and grants nothing.`,
          { path: [...setting.path, 'default'], replacement: `https://${setting.value.default}` },
        );
      } else if (setting.value.type !== undefined && setting.value.type !== 'string') {
        context.report(
          'permissions.fetch-setting-type',
          entry,
          `Setting ${quote(entry.value)} is of type ${quote(setting.value.type)}, but fetch.settings reads a full URL (https://api.example.com/v1) from it: make it a "string" setting.`,
          { path },
        );
      }
    });
  },
};

/** Relative: not absolute on either OS, not `${dataDir}`-rooted (or any `${…}`), not starting with `*`. `~/x` is relative too. */
export function isRelativeStaticPattern(pattern: string): boolean {
  return !/^([/\\]|[A-Za-z]:|\$\{|\*)/.test(pattern);
}

function checkStaticPattern({ report }: RuleContext<Code>, pattern: JsonNode, path: (string | number)[], isDirectory: boolean): void {
  if (typeof pattern.value !== 'string' || !isRelativeStaticPattern(pattern.value)) return;
  const relative = `Static pattern ${quote(pattern.value)} is relative, so it is resolved against the app process's working directory, not the plugin's directory.`;
  if (pattern.value.startsWith('~')) {
    // The home folder is not known here, and "${dataDir}/~/x" is not what the author meant.
    report('permissions.relative-static', pattern, `${relative} "~" is neither an absolute path nor \${dataDir}: write an absolute path, or "\${dataDir}/…" for the plugin's data directory.`, { path });
    return;
  }
  // An fs.list entry is a directory: its fix drops a trailing glob too (permissions.list-static-glob).
  const replacement = '${dataDir}/' + (isDirectory ? withoutTrailingGlob(pattern.value) : pattern.value).replace(/^(\.\/)+/, '');
  report('permissions.relative-static', pattern, `${relative} Write ${quote(replacement)} (the plugin's data directory) or an absolute path.`, { path, replacement });
}

/** A glob character outside `${…}` placeholders. */
const globCharacter = /[*?[\]{}]/;

/** `${dataDir}/a/**` → `${dataDir}/a`: the directory a glob that only ends in `/**` or `/*` covers. */
function withoutTrailingGlob(pattern: string): string {
  // From the end, without a regex: /([/\\]\*\*?)+$/ is quadratic on "/**/**/**…x".
  let end = pattern.length;
  for (;;) {
    let cut = end;
    if (pattern[cut - 1] !== '*') break;
    cut--;
    if (pattern[cut - 1] === '*') cut--;
    if (pattern[cut - 1] !== '/' && pattern[cut - 1] !== '\\') break;
    end = cut - 1;
  }
  return pattern.slice(0, end);
}

/** The text without its `${…}` placeholders, in one pass (/\$\{[^}]*\}/g rescans from every unclosed "${"). */
function withoutPlaceholders(text: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const open = text.indexOf('${', from);
    const close = open < 0 ? -1 : text.indexOf('}', open + 2);
    // No "}" after this "${": none after any later one either, so the rest stays as it is.
    if (close < 0) return out + text.slice(from);
    out += text.slice(from, open);
    from = close + 1;
  }
}

/** fs.list matches static entries by prefix: a glob there names a directory nobody has. */
function checkListDirectory({ report }: RuleContext<Code>, entry: JsonNode, path: (string | number)[]): void {
  if (typeof entry.value !== 'string' || !globCharacter.test(withoutPlaceholders(entry.value))) return;
  const directory = withoutTrailingGlob(entry.value);
  const replacement = directory && !globCharacter.test(withoutPlaceholders(directory)) ? directory : undefined;
  report(
    'permissions.list-static-glob',
    entry,
    `\`permissions.fs.list.static\` entry ${quote(entry.value)} is a glob, but fs.list static entries are directory paths matched by prefix (a listed directory covers everything below it)${replacement ? `: write ${quote(replacement)}` : ''}.`,
    { path, ...(replacement ? { replacement } : {}) },
  );
}

function checkHost({ report }: RuleContext<Code>, entry: JsonNode, path: (string | number)[], isAllow: boolean): void {
  if (typeof entry.value !== 'string') return;
  const host = hostOf(entry.value);
  if (host !== entry.value) {
    report(
      'permissions.fetch-url',
      entry,
      `${quote(entry.value)} is a URL: \`${path.slice(0, 3).join('.')}\` entries are host names${host ? `; write ${quote(host)}` : ''}.`,
      { path, ...(host ? { replacement: host } : {}) },
    );
  }
  if (isAllow && host && isPrivateHost(host)) {
    report(
      'permissions.fetch-private',
      entry,
      `${quote(host)} is localhost or a private address: it is refused regardless of fetch.static (SSRF guard).`,
      { path },
    );
  }
}

function isFullUrl(value: string): boolean {
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

/** The host name an entry means: itself for a bare host; the URL's host for a URL; '' when there is none. */
export function hostOf(entry: string): string {
  if (!/[/:@?#]/.test(entry) || /^\[?[0-9a-f:]+\]?$/i.test(entry)) return entry;
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(entry) ? entry : `https://${entry}`).hostname;
  } catch {
    return '';
  }
}

export function isPrivateHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h.endsWith('.localhost') || h === '0.0.0.0' || h === '::' || h === '::1') return true;
  const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  if (ipv4) {
    const [a, b] = [Number(ipv4[1]), Number(ipv4[2])];
    return a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
  }
  return /^(fc|fd|fe80:)/.test(h) && h.includes(':');
}
