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
