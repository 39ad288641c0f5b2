/**
 * The reference's words a rule rests on. The specification is two pages, kept byte for byte in
 * docs/reference/: the manifest reference and the tools guide. A quotation names its page and the
 * section it is in, by the page's own headings; the engine suite finds each one there, verbatim.
 */

/** Each page's section headings, in the page's order: a quotation's section is one of its page's. */
export const referenceSections = {
  'manifest-reference': [
    'Manifest reference',
    'Top level',
    'runtime: "process" \u2014 not supported',
    'contributes',
    'tools[] \u2014 MCP tools the agent can call',
    'actions[] \u2014 right-click AI actions',
    'settings{} \u2014 the plugin\u2019s settings card',
    'hooks{} \u2014 event handlers',
    'commands[] \u2014 slash commands',
    'views[] \u2014 plugin-contributed panels',
    'permissions',
    'Trust and allow-lists',
  ],
  'tools-guide': [
    'Tools',
    'Declaring a tool',
    'Writing the description for the model',
    'Handler result shapes',
    'One name, one tool',
    'Legacy shape',
    'Next',
  ],
} as const;

/** A page of the specification: docs/reference/<source>.txt. */
export type ReferenceSource = keyof typeof referenceSections;

/** The title a rule page gives each page of the specification. */
export const referenceTitles: Readonly<Record<ReferenceSource, string>> = {
  'manifest-reference': 'Manifest reference',
  'tools-guide': 'Tools guide',
};

/** Words of the reference, verbatim up to white space (a page's line breaks are not its words), and where they are. */
export type Quote = {
  [S in ReferenceSource]: { source: S; section: (typeof referenceSections)[S][number]; words: string };
}[ReferenceSource];

/** A quotation of the manifest reference. */
export function manifestReference(
  section: (typeof referenceSections)['manifest-reference'][number],
  words: string,
): Quote {
  return { source: 'manifest-reference', section, words };
}

/** A quotation of the tools guide. */
export function toolsGuide(section: (typeof referenceSections)['tools-guide'][number], words: string): Quote {
  return { source: 'tools-guide', section, words };
}

/** What a rule of this tool's own says in place of quotations: its decision says what it rests on instead. */
export const notInTheReference = 'not in the reference';
