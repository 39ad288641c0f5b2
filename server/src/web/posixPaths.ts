import type { HostPaths } from '../lsp/host';

/**
 * POSIX paths for the server on the web, where a folder's files are named by URIs: the client gives the server each
 * workspace URI as a `file:` URI of its path (`vscode-vfs://github/owner/repo/manifest.json` →
 * `file:///owner/repo/manifest.json`), and the server works on those paths as it does on a disk's. There is no
 * current folder: a relative path resolves against `/`.
 */
export const posixPaths: HostPaths = {
  sep: '/',
  join: (...parts) => normalize(parts.filter((part) => part !== '').join('/') || '.'),
  dirname(filePath) {
    const normalized = normalize(filePath);
    const slash = normalized.lastIndexOf('/');
    if (slash < 0) return '.';
    return slash === 0 ? '/' : normalized.slice(0, slash);
  },
  basename(filePath) {
    let end = filePath.length;
    while (end > 1 && filePath[end - 1] === '/') end--;
    const trimmed = filePath.slice(0, end);
    return trimmed.slice(trimmed.lastIndexOf('/') + 1);
  },
  relative(from, to) {
    const fromParts = segments(resolve(from));
    const toParts = segments(resolve(to));
    let common = 0;
    while (common < fromParts.length && common < toParts.length && fromParts[common] === toParts[common]) common++;
    return [...fromParts.slice(common).map(() => '..'), ...toParts.slice(common)].join('/');
  },
  resolve,
  isAbsolute: (filePath) => filePath.startsWith('/'),
  fileUri: (filePath) => `file://${resolve(filePath).split('/').map(encodeURIComponent).join('/')}`,
  pathOfFileUri(uri) {
    const match = /^file:\/\/([^/?#]*)(\/[^?#]*)$/i.exec(uri);
    if (!match || match[1] !== '') throw new TypeError(`not a file URI of this host: ${uri.slice(0, 200)}`);
    const decoded = match[2].split('/').map(decodeURIComponent);
    // A `/` or a NUL hidden in a segment (`%2F`, `%00`) would name another path than the URI's segments say.
    if (decoded.some((segment) => segment.includes('/') || segment.includes('\0')))
      throw new TypeError(`a file URI with an encoded slash or NUL: ${uri.slice(0, 200)}`);
    return normalize(decoded.join('/'));
  },
};

function segments(absolutePath: string): string[] {
  return absolutePath.split('/').filter((segment) => segment !== '');
}

function resolve(...parts: string[]): string {
  let resolved = '';
  for (let i = parts.length - 1; i >= 0 && !resolved.startsWith('/'); i--)
    if (parts[i] !== '') resolved = resolved === '' ? parts[i] : `${parts[i]}/${resolved}`;
  const normalized = normalize(`/${resolved}`);
  return normalized.length > 1 && normalized.endsWith('/') ? normalized.slice(0, -1) : normalized;
}

/** `.` and empty segments dropped, `..` taken back (never above `/` for an absolute path); a trailing `/` kept. */
function normalize(filePath: string): string {
  const absolute = filePath.startsWith('/');
  const kept: string[] = [];
  for (const segment of filePath.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (kept.length > 0 && kept[kept.length - 1] !== '..') kept.pop();
      else if (!absolute) kept.push('..');
    } else kept.push(segment);
  }
  const joined = (absolute ? '/' : '') + kept.join('/');
  if (joined === '') return absolute ? '/' : '.';
  return filePath.endsWith('/') && !joined.endsWith('/') ? `${joined}/` : joined;
}
