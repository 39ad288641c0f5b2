import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { regularFileNames } from './folderWalk';
import { readRegularFile } from './safeRead';

/** A package.json is a few KB: a larger one is not read. */
const maxPackageJsonBytes = 1024 * 1024;

/** A rule page is a few KB. */
const maxPageBytes = 1024 * 1024;

/** More entries than docs/rules/ could hold (a page per rule code and the index): such a folder is not ours. */
const maxPageEntries = 10_000;

/**
 * Each rule's page (docs/rules/<code>.md), for the link of its diagnostics (LSP's codeDescription, SARIF's
 * helpUri), for SARIF's help and for `filer-manifest explain`. The npm package ships the pages in docs/rules/ beside
 * dist/, so a link works offline; it points at the repository's copy instead when the package's package.json names a
 * repository on GitHub, GitLab or Bitbucket. The .vsix ships them in one file, which the extension shows itself: it
 * says where (clientRulePageLink, below).
 */
export interface RulePages {
  /**
   * The text of the page of `code` the package ships (a regular file of at most 1 MiB, never a link); undefined
   * when it holds none or it cannot be read.
   */
  text(code: string): string | undefined;
  /** The link for the diagnostics of `code`; undefined when there is no page to link to. */
  link(code: string): string | undefined;
}

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

/**
 * The link of a client that shows the pages itself (`initializationOptions.rulePages`: the address of its folder of
 * pages, to which `<code>.md` is added). The VS Code extension gives `filer-docs:/docs/rules/`: the .vsix ships the
 * pages in one file, dist/docs.json (a zip compresses each file of a .vsix alone: one file takes a third of the room
 * of 119), and the extension serves them (client/src/shippedDocs.ts). Undefined for anything but an address with a
 * scheme that ends in `/`, of at most 1,000 characters: the diagnostics then link as without it.
 */
export function clientRulePageLink(option: unknown): ((code: string) => string) | undefined {
  if (
    typeof option !== 'string' ||
    option.length > 1000 ||
    !option.endsWith('/') ||
    !/^[a-z][a-z0-9+.-]*:\S*$/i.test(option)
  )
    return undefined;
  return (code) => `${option}${encodeURIComponent(code)}.md`;
}

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
