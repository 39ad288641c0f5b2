/**
 * The language status item's text for a manifest named `name`. The name comes from the manifest, so
 * its `$(icon)` syntax is escaped (VS Code renders `\$(x)` as the text `$(x)`, not as an icon) and its
 * line breaks become spaces: only our own `$(check)` is an icon.
 */
export function manifestStatusText(name: string | undefined): string {
  const shown = name === undefined ? '' : name.replace(/\r\n|[\r\n]/g, ' ').replace(/\$\(/g, '\\$(');
  return `$(check) Filer manifest${shown ? `: ${shown}` : ''}`;
}
