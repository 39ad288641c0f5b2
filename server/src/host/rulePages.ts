import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { regularFileNames } from './folderWalk';
import { readRegularFile } from './safeRead';
import type { RulePages } from '../lsp/rulePages';

/** A package.json is a few KB: a larger one is not read. */
const maxPackageJsonBytes = 1024 * 1024;

/** A rule page is a few KB. */
const maxPageBytes = 1024 * 1024;

/** More entries than docs/rules/ could hold (a page per rule code and the index): such a folder is not ours. */
const maxPageEntries = 10_000;

/** The rule pages of the package whose root (the folder of its package.json and its dist/) is `root`. */
export function rulePagesOf(root: string): RulePages {
  const folder = path.join(root, 'docs', 'rules');
  // One listing: a page is a regular file of it (never a link), named by the code.
  const shipped = regularFileNames(folder, maxPageEntries) ?? new Set<string>();
  const repository = repositoryPages(packageRepository(root));
  const file = (code: string) => (shipped.has(`${code}.md`) ? path.join(folder, `${code}.md`) : undefined);
  return {
    text(code) {
      const page = file(code);
      const read = page === undefined ? undefined : readRegularFile(page, maxPageBytes);
      return read?.kind === 'text' ? read.text : undefined;
    },
    link(code) {
      if (repository) return `${repository}/${encodeURIComponent(code)}.md`;
      const page = file(code);
      return page === undefined ? undefined : pathToFileURL(page).href;
    },
  };
}

/** The `repository` of the package.json at `root`, if it can be read. */
function packageRepository(root: string): unknown {
  const read = readRegularFile(path.join(root, 'package.json'), maxPackageJsonBytes);
  if (read.kind !== 'text') return undefined;
  try {
    return (JSON.parse(read.text) as { repository?: unknown } | null)?.repository;
  } catch {
    return undefined;
  }
}

/** How each host shows a folder of the default branch, from the repository's web address. */
const folderOnHost: Readonly<Record<string, (web: string) => string>> = {
  'github.com': (web) => `${web}/blob/HEAD/docs/rules`,
  'gitlab.com': (web) => `${web}/-/blob/HEAD/docs/rules`,
  'bitbucket.org': (web) => `${web}/src/HEAD/docs/rules`,
};

const shorthandHosts: Readonly<Record<string, string>> = {
  github: 'github.com',
  gitlab: 'gitlab.com',
  bitbucket: 'bitbucket.org',
};

/** A git URL of one of the hosts (after any `git+`): https, git or ssh, with or without `git@`. */
const fullUrl = /^(?:https?|git|ssh):\/\/(?:git@)?((?:github|gitlab)\.com|bitbucket\.org)\/([\w.-]+)\/([\w.-]+)\/?$/;

/**
 * The web address of docs/rules/ on the default branch of the repository a package.json names, as npm
 * reads its `repository`: "owner/name" (GitHub), "github:owner/name", "gitlab:…", "bitbucket:…", or a git
 * URL (https, git+https, git, ssh, git@host:owner/name), a string or the `url` of an object. The pages are
 * at the repository's root whatever its `directory` says (the npm package lives in server/). Undefined for
 * any other host or form: the link is then the page the package ships.
 */
export function repositoryPages(repository: unknown): string | undefined {
  const url = typeof repository === 'string' ? repository : (repository as { url?: unknown } | null)?.url;
  if (typeof url !== 'string' || url.length > 1000) return undefined;
  const shorthand = /^(?:(github|gitlab|bitbucket):)?([\w.-]+)\/([\w.-]+)$/.exec(url);
  const full = fullUrl.exec(url.startsWith('git+') ? url.slice('git+'.length) : url);
  const scp = /^git@(github\.com|gitlab\.com|bitbucket\.org):([\w.-]+)\/([\w.-]+)$/.exec(url);
  const [host, owner, project] = shorthand
    ? [shorthandHosts[shorthand[1] ?? 'github'], shorthand[2], shorthand[3]]
    : full
      ? [full[1], full[2], full[3]]
      : scp
        ? [scp[1], scp[2], scp[3]]
        : [];
  if (!host || !owner || !project) return undefined;
  const repositoryName = project.endsWith('.git') ? project.slice(0, -4) : project;
  if ([owner, repositoryName].some((part) => part === '' || part === '.' || part === '..')) return undefined;
  return folderOnHost[host](`https://${host}/${owner}/${repositoryName}`);
}
