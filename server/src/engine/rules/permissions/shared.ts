import type { Entry, ManifestModel } from '../../model/manifestModel';
import { arrayItems, valueNode } from '../../model/nodes';
import type { JsonNode } from '../../parse/jsonNode';
import type { JsonPath } from '../../model/nodes';

export interface At {
  jsonPath: JsonPath;
}

/**
 * Relative: not absolute on either OS, not `${dataDir}`-rooted (or any `${…}`), not starting with `*`. `~/x` is
 * relative too.
 */
export function isRelativeStaticPattern(pattern: string): boolean {
  return !/^([/\\]|[A-Za-z]:|\$\{|\*)/.test(pattern);
}

/** A glob character outside `${…}` placeholders. */
export const globCharacter = /[*?[\]{}]/;

/** `${dataDir}/a/**` → `${dataDir}/a`: the directory a glob that only ends in `/**` or `/*` covers. */
export function withoutTrailingGlob(pattern: string): string {
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
export function withoutPlaceholders(text: string): string {
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

export function isFullUrl(value: string): boolean {
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
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  return /^(fc|fd|fe80:)/.test(h) && h.includes(':');
}

/** The settings `permissions.fetch.settings` names that the manifest has: each entry, its index and the setting. */
export function fetchSettings(model: ManifestModel): { entry: JsonNode; index: number; setting: Entry }[] {
  return arrayItems(valueNode(valueNode(model.permissions, 'fetch'), 'settings')).flatMap((entry, index) => {
    const setting = typeof entry.value === 'string' ? model.settings.find((s) => s.key === entry.value) : undefined;
    return setting ? [{ entry, index, setting }] : [];
  });
}
