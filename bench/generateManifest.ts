/**
 * Deterministic generator of realistic plugin folders for the benchmark: N tools and N actions,
 * N/4 settings, hooks, commands, views and a full permissions block, pretty-printed, with the
 * schema, handler and prompt files the manifest names. The same N always gives the same bytes.
 *
 * The broken variant is the valid one with about one broken rule per twenty entries (tools,
 * actions, settings), half of them ones a JSON Schema can see and half cross-references or
 * files only our validator checks. Each break is listed with the rule code it must raise.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export type Variant = 'valid' | 'broken';
export type JsonPath = (string | number)[];

export interface InjectedBreak {
  /** The entry that was broken, e.g. ["contributes", "tools", 12]: every diagnostic it causes lies inside it. */
  entry: JsonPath;
  /** The field at fault, under `entry`. */
  path: JsonPath;
  /** The rule code our validator reports for it. */
  code: string;
  /** True when a JSON Schema of the manifest can see it (so the JSON language server reports it too). */
  schemaDetectable: boolean;
  what: string;
}

export interface GeneratedPlugin {
  n: number;
  variant: Variant;
  manifestText: string;
  /** The plugin folder's other files: plugin-relative path → content. */
  files: Map<string, string>;
  breaks: InjectedBreak[];
  /** The tool in the middle of the list: where the bench edits, completes and hovers. */
  middleToolId: string;
  /** Counts of what was generated, for the report. */
  counts: { tools: number; actions: number; settings: number; hooks: number; commands: number; views: number };
}

/** mulberry32: a small seeded PRNG, so the output depends on N alone. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const verbs = [
  'summarize',
  'translate',
  'extract',
  'classify',
  'convert',
  'index',
  'review',
  'tag',
  'redact',
  'merge',
  'split',
  'compare',
  'outline',
  'proofread',
  'archive',
];
const nouns = [
  'invoice',
  'contract',
  'report',
  'transcript',
  'receipt',
  'manuscript',
  'spreadsheet',
  'slide-deck',
  'photo',
  'letter',
  'minutes',
  'statement',
  'brief',
  'log',
  'memo',
];
const adjectives = [
  'quarterly',
  'scanned',
  'shared',
  'archived',
  'draft',
  'signed',
  'multilingual',
  'handwritten',
  'confidential',
  'recent',
];
const extensions = [
  ['.pdf'],
  ['.md', '.txt'],
  ['.docx', '.odt'],
  ['.csv', '.xlsx'],
  ['.png', '.jpg'],
  ['.eml'],
  ['.html', '.htm'],
];
const knownHookEvents = [
  'onAgentComplete',
  'onSessionMessage',
  'onToolCall',
  'onSessionStart',
  'onAgentHitlRequest',
  'onFileChangeNotify',
  'onRuntimeReady',
  'onAppReady',
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Draft {
  manifest: JsonObject;
  tools: JsonObject[];
  actions: JsonObject[];
  settings: Record<string, JsonObject>;
  files: Map<string, string>;
  /** Indexes of tools no action names by toolId: their ids can change without touching anything else. */
  unreferencedTools: Set<number>;
  /** Action ids named by a generate.actionId. */
  generateTargets: Set<string>;
  /** Setting ids named by permissions.fetch.settings. */
  fetchSettings: Set<string>;
}

export function generatePlugin(n: number, variant: Variant): GeneratedPlugin {
  if (!Number.isInteger(n) || n < 4) throw new Error(`generatePlugin: N must be an integer of at least 4 (got ${n}).`);
  const random = seededRandom(0x5eed0000 ^ n);
  const draft = draftPlugin(n, random);
  const breaks = variant === 'broken' ? breakEntries(draft, random) : [];
  return {
    n,
    variant,
    manifestText: JSON.stringify(draft.manifest, null, 2) + '\n',
    files: draft.files,
    breaks,
    middleToolId: String(draft.tools[Math.floor(n / 2)].id),
    counts: {
      tools: draft.tools.length,
      actions: draft.actions.length,
      settings: Object.keys(draft.settings).length,
      hooks: knownHookEvents.length,
      commands: ((draft.manifest.contributes as JsonObject).commands as Json[]).length,
      views: ((draft.manifest.contributes as JsonObject).views as Json[]).length,
    },
  };
}

/** Writes manifest.json and every file it names into a new temporary folder; returns its path. */
export function writePluginFolder(plugin: GeneratedPlugin, parent = tmpdir()): string {
  const root = mkdtempSync(join(parent, `filer-bench-${plugin.variant}-${plugin.n}-`));
  const made = new Set<string>();
  for (const [relative, content] of plugin.files) {
    const target = join(root, relative);
    const folder = dirname(target);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    writeFileSync(target, content);
  }
  writeFileSync(join(root, 'manifest.json'), plugin.manifestText);
  return root;
}

function draftPlugin(n: number, random: () => number): Draft {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const files = new Map<string, string>();
  const sentence = (verb: string, noun: string) =>
    `${capitalize(verb)}s the ${pick(adjectives)} ${noun.replace('-', ' ')} the user selected. Use when the user asks to ${verb} a ${noun.replace('-', ' ')}.`;

  const tools: JsonObject[] = [];
  for (let i = 0; i < n; i++) {
    const verb = pick(verbs);
    const noun = pick(nouns);
    const id = `${verb}_${noun.replace('-', '_')}_${i}`;
    const schema = `./tools/${id}.schema.json`;
    const handler = `./tools/${id}.js`;
    const readOnly = random() < 0.6;
    tools.push({
      id,
      title: `${capitalize(verb)} ${noun.replace('-', ' ')}`,
      description: sentence(verb, noun),
      schema,
      handler,
      timeout: `${pick([15, 30, 60, 120])}s`,
      fileExtensions: pick(extensions),
      annotations: readOnly ? { readOnlyHint: true } : { readOnlyHint: false, idempotentHint: true },
    });
    // Every tool whose index is 2 mod 4 is the target of a tool action that may run in "batch" mode.
    files.set(schema.slice(2), toolSchemaFile(id, verb, noun, i % 4 === 2));
    files.set(handler.slice(2), handlerFile(verb, noun));
  }

  // Actions come in groups of four: a prompt action with a generate button, the hidden tool action
  // behind that button, a visible tool action, and a second prompt action sharing the same button
  // (so a broken generate.actionId on one leaves the hidden action reachable from the other).
  const actions: JsonObject[] = [];
  const actionId = (j: number) => `${verbs[j % verbs.length]}-${nouns[(j * 7) % nouns.length]}-${j}`;
  const generateTarget = (j: number) => {
    const hidden = 4 * Math.floor(j / 4) + 1;
    return actionId(hidden < n ? hidden : 1);
  };
  const generateTargets = new Set<string>();
  const unreferencedTools = new Set<number>(tools.map((_tool, index) => index));
  for (let j = 0; j < n; j++) {
    const id = actionId(j);
    const verb = verbs[j % verbs.length];
    const noun = nouns[(j * 7) % nouns.length].replace('-', ' ');
    const base: JsonObject = {
      id,
      title: `${capitalize(verb)} this ${noun}`,
      description: `${capitalize(verb)} the selected ${noun} with the plugin's help.`,
    };
    switch (j % 4) {
      case 0:
      case 3: {
        const prompt = `./prompts/${id}.md`;
        files.set(prompt.slice(2), promptFile(verb, noun));
        const target = generateTarget(j);
        generateTargets.add(target);
        const first = j % 4 === 0;
        const perFile = first ? 'notes' : 'answers';
        actions.push({
          ...base,
          scope: first ? ['single-file', 'multi-file'] : 'folder',
          kind: 'prompt',
          prompt,
          ...(first ? { toolScope: 'read-only', fileExtensions: pick(extensions) } : {}),
          params: [
            first
              ? {
                  id: 'tone',
                  label: 'Tone',
                  type: 'select',
                  options: ['neutral', 'friendly', 'formal'],
                  default: 'neutral',
                }
              : {
                  id: 'question',
                  label: 'Question',
                  type: 'text',
                  placeholder: `e.g. which ${noun} is ${pick(adjectives)}?`,
                },
            { id: perFile, label: 'Notes per file', type: 'per-file-text', required: false },
          ],
          generate: {
            label: 'Draft notes',
            actionId: target,
            populateParamId: perFile,
            ...(first ? { forwardParamIds: ['tone'] } : {}),
          },
        });
        break;
      }
      case 1:
      case 2: {
        unreferencedTools.delete(j);
        actions.push({
          ...base,
          scope: j % 4 === 1 ? 'single-file' : 'multi-file',
          kind: 'tool',
          toolId: tools[j].id,
          multiFileMode: j % 4 === 2 && j % 8 === 2 ? 'batch' : 'independent',
          ...(j % 4 === 1 ? { hidden: true } : { fileExtensions: tools[j].fileExtensions }),
        });
        break;
      }
    }
  }

  const settings: Record<string, JsonObject> = {};
  const fetchSettings = new Set<string>();
  const settingCount = Math.max(5, Math.round(n / 4));
  for (let k = 0; k < settingCount; k++) {
    const order = k + 1;
    switch (k % 5) {
      case 0: {
        const id = `api_endpoint_${k}`;
        settings[id] = {
          type: 'string',
          title: `Service endpoint ${k}`,
          description: 'The full URL of the service, e.g. https://api.example.com/v1.',
          default: 'https://api.example.com/v1',
          required: true,
          order,
        };
        if (fetchSettings.size < 2) fetchSettings.add(id);
        break;
      }
      case 1:
        settings[`notify_on_finish_${k}`] = {
          type: 'boolean',
          title: 'Notify when done',
          description: 'Show a toast when a long job finishes.',
          default: true,
          order,
        };
        break;
      case 2:
        settings[`max_pages_${k}`] = {
          type: 'number',
          title: 'Pages per call',
          description: 'How many pages one call reads at most.',
          default: 20,
          min: 1,
          max: 200,
          order,
        };
        break;
      case 3: {
        const handler = `./settings/reset_cache_${k}.js`;
        files.set(handler.slice(2), handlerFile('reset', 'cache'));
        settings[`reset_cache_${k}`] = {
          type: 'action',
          title: 'Reset cache',
          description: 'Forget every cached result.',
          handler,
          variant: 'secondary',
          order,
        };
        break;
      }
      case 4:
        settings[`output_language_${k}`] = {
          type: 'string',
          title: 'Output language',
          enum: ['en', 'de', 'fr', 'ja'],
          default: 'en',
          order,
        };
        break;
    }
  }

  const hooks: JsonObject = {};
  knownHookEvents.forEach((event, index) => {
    const handler = `./hooks/${event}.js`;
    files.set(handler.slice(2), handlerFile('handle', event));
    hooks[event] = index % 2 === 0 ? handler : { handler, filter: { folders: ['*'] } };
  });

  const commands: JsonObject[] = [];
  for (let c = 0; c < Math.max(2, Math.round(n / 50)); c++) {
    const handler = `./commands/command_${c}.js`;
    files.set(handler.slice(2), handlerFile('run', 'command'));
    commands.push({
      id: `bench-command-${c}`,
      title: `Bench command ${c}`,
      icon: 'sparkle',
      contexts: ['chat'],
      handler,
      when: 'folderOpen',
      fileExtensions: pick(extensions),
    });
  }
  const views: JsonObject[] = [];
  for (let v = 0; v < Math.max(1, Math.round(n / 100)); v++) {
    views.push({
      id: `bench-view-${v}`,
      title: `Recent results ${v}`,
      icon: 'list',
      location: 'sidebar',
      definition: { type: 'list', source: 'store:results', limit: 50 },
    });
  }

  const manifest: JsonObject = {
    name: `bench-plugin-${n}`,
    displayName: `Bench plugin (${n} tools)`,
    version: '1.4.2',
    description: 'A generated plugin for the benchmark: document tools, right-click actions and their settings.',
    author: { name: 'Filer Plugin Tools', url: 'https://example.com' },
    repository: 'https://example.com/bench-plugin.git',
    icon: './icon.png',
    license: 'MIT',
    keywords: ['documents', 'bench'],
    category: 'Productivity',
    capabilities: ['documents.summarize', 'documents.translate', 'audio.stt'],
    runtime: 'node',
    engines: { filer: '>=2.0.0' },
    sandbox: true,
    contributes: { tools, actions, settings, hooks, commands, views },
    permissions: {
      fs: {
        read: { static: ['${dataDir}/cache/**'], parameter: true, deny: ['**/.env'] },
        write: { static: ['${dataDir}/out/**'], parameter: true, deny: ['**/.git/**'] },
        list: { static: ['${dataDir}'], parameter: true, deny: ['**/node_modules/**'] },
      },
      fetch: {
        static: ['api.example.com', 'uploads.example.com'],
        settings: [...fetchSettings],
        deny: ['tracking.example.com'],
      },
      store: true,
      session: { getActive: true, sendMessage: true },
      hostTrigger: true,
      ai: { complete: true },
      channels: { getIntegrationConfig: true, setIntegrationConfig: false },
      settings: true,
      toast: true,
      renderHtmlToPdf: true,
      log: true,
      execution: { timeout: '30s', maxTimeout: '5m' },
    },
  };
  return { manifest, tools, actions, settings, files, unreferencedTools, generateTargets, fetchSettings };
}

interface BreakKind {
  code: string;
  schemaDetectable: boolean;
  what: string;
  /**
   * Breaks the entry in place and returns the field at fault (relative to the entry), or undefined when it does not
   * apply.
   */
  apply(entry: JsonObject, index: number, draft: Draft): JsonPath | undefined;
}

const toolBreaks: BreakKind[] = [
  {
    code: 'tools.id-dot',
    schemaDetectable: true,
    what: 'a tool id with a dot',
    apply: (tool, index, draft) =>
      draft.unreferencedTools.has(index) ? ((tool.id = `docs.${tool.id}`), ['id']) : undefined,
  },
  {
    code: 'tools.annotations',
    schemaDetectable: true,
    what: 'an annotation that MCP does not define',
    apply: (tool) => (((tool.annotations as JsonObject).dangerousHint = true), ['annotations', 'dangerousHint']),
  },
  {
    code: 'files.missing',
    schemaDetectable: false,
    what: 'a handler path to a file that does not exist',
    apply: (tool) => ((tool.handler = String(tool.handler).replace(/\.js$/, '.ts')), ['handler']),
  },
  {
    code: 'tools.required',
    schemaDetectable: true,
    what: 'a tool without its description',
    apply: (tool) => (delete tool.description, []),
  },
  {
    code: 'tools.duplicate-id',
    schemaDetectable: false,
    what: 'a tool id already used by the tool before it',
    apply: (tool, index, draft) =>
      index > 0 && draft.unreferencedTools.has(index) ? ((tool.id = draft.tools[index - 1].id), ['id']) : undefined,
  },
];

const actionBreaks: BreakKind[] = [
  {
    code: 'actions.tool-id-unknown',
    schemaDetectable: false,
    what: 'a toolId with a typo',
    apply: (action) =>
      action.kind === 'tool'
        ? ((action.toolId = String(action.toolId).replace(/_(\d+)$/, 's_$1')), ['toolId'])
        : undefined,
  },
  {
    code: 'actions.id',
    schemaDetectable: true,
    what: 'an action id that is not kebab-case',
    apply: (action, _index, draft) =>
      draft.generateTargets.has(String(action.id))
        ? undefined
        : ((action.id = String(action.id)
            .replace(/-/g, '_')
            .replace(/^./, (c) => c.toUpperCase())),
          ['id']),
  },
  {
    code: 'actions.generate-action-unknown',
    schemaDetectable: false,
    what: 'a generate.actionId naming no action',
    apply: (action, index, draft) => {
      const generate = action.generate as JsonObject | undefined;
      // The group's other prompt action must still name the hidden action, or it becomes unreachable too.
      if (!generate || (index % 4 === 0 && index + 3 >= draft.actions.length)) return undefined;
      generate.actionId = `${generate.actionId}-v2`;
      return ['generate', 'actionId'];
    },
  },
  {
    code: 'actions.scope',
    schemaDetectable: true,
    what: 'a scope that is not one of the three',
    apply: (action) => ((action.scope = 'single'), ['scope']),
  },
  {
    code: 'actions.generate-populate',
    schemaDetectable: false,
    what: 'a generate button filling a select param',
    apply: (action) => {
      const generate = action.generate as JsonObject | undefined;
      if (!generate) return undefined;
      generate.populateParamId = 'tone';
      return ['generate', 'populateParamId'];
    },
  },
  {
    code: 'actions.param-type',
    schemaDetectable: true,
    what: 'a param of an unknown type',
    apply: (action) => {
      const params = action.params as JsonObject[] | undefined;
      if (!params) return undefined;
      params[0].type = 'textarea';
      return ['params', 0, 'type'];
    },
  },
  {
    code: 'files.missing',
    schemaDetectable: false,
    what: 'a prompt path to a file that does not exist',
    apply: (action) =>
      action.kind === 'prompt'
        ? ((action.prompt = String(action.prompt).replace('./prompts/', './prompt/')), ['prompt'])
        : undefined,
  },
  {
    code: 'actions.prompt-forbidden',
    schemaDetectable: false,
    what: 'a prompt on a tool action',
    apply: (action) =>
      action.kind === 'tool' ? ((action.prompt = `./prompts/${action.id}.md`), ['prompt']) : undefined,
  },
];

const settingBreaks: BreakKind[] = [
  {
    code: 'settings.type',
    schemaDetectable: true,
    what: 'a setting type that does not exist',
    apply: (setting, _index, draft) =>
      setting.type === 'string' &&
      !draft.fetchSettings.has(String(settingIdOf(setting, draft))) &&
      setting.enum === undefined
        ? ((setting.type = 'text'), ['type'])
        : undefined,
  },
  {
    code: 'settings.min-max',
    schemaDetectable: false,
    what: 'a number setting whose min exceeds its max',
    apply: (setting) => (setting.type === 'number' ? ((setting.min = 500), ['min']) : undefined),
  },
  {
    code: 'settings.variant',
    schemaDetectable: true,
    what: 'an action setting with an unknown variant',
    apply: (setting) => (setting.type === 'action' ? ((setting.variant = 'warning'), ['variant']) : undefined),
  },
  {
    code: 'settings.action-handler',
    schemaDetectable: false,
    what: 'an action setting without its handler',
    apply: (setting) =>
      setting.type === 'action' && setting.handler !== undefined ? (delete setting.handler, []) : undefined,
  },
];

function settingIdOf(setting: JsonObject, draft: Draft): string | undefined {
  return Object.keys(draft.settings).find((id) => draft.settings[id] === setting);
}

/**
 * Breaks about one entry in twenty, walking tools, actions and settings in order with a jittered
 * stride of 15–25. Each broken entry takes the next kind of break its section has that applies to it.
 */
function breakEntries(draft: Draft, random: () => number): InjectedBreak[] {
  const settingIds = Object.keys(draft.settings);
  const entries: { path: JsonPath; value: JsonObject; index: number; kinds: BreakKind[] }[] = [
    ...draft.tools.map((value, index) => ({ path: ['contributes', 'tools', index], value, index, kinds: toolBreaks })),
    ...draft.actions.map((value, index) => ({
      path: ['contributes', 'actions', index],
      value,
      index,
      kinds: actionBreaks,
    })),
    ...settingIds.map((id, index) => ({
      path: ['contributes', 'settings', id],
      value: draft.settings[id],
      index,
      kinds: settingBreaks,
    })),
  ];
  const next = new Map<BreakKind[], number>();
  const breaks: InjectedBreak[] = [];
  for (let at = Math.floor(random() * 20); at < entries.length; at += 15 + Math.floor(random() * 11)) {
    const entry = entries[at];
    const start = next.get(entry.kinds) ?? 0;
    for (let tried = 0; tried < entry.kinds.length; tried++) {
      const kind = entry.kinds[(start + tried) % entry.kinds.length];
      const field = kind.apply(entry.value, entry.index, draft);
      if (field === undefined) continue;
      next.set(entry.kinds, (start + tried + 1) % entry.kinds.length);
      breaks.push({
        entry: entry.path,
        path: [...entry.path, ...field],
        code: kind.code,
        schemaDetectable: kind.schemaDetectable,
        what: kind.what,
      });
      break;
    }
  }
  return breaks;
}

function toolSchemaFile(id: string, verb: string, noun: string, withPathArray: boolean): string {
  const properties: JsonObject = {
    path: { type: 'string', format: 'file-path', description: `The ${noun.replace('-', ' ')} to ${verb}.` },
    ...(withPathArray
      ? {
          paths: {
            type: 'array',
            items: { type: 'string', format: 'file-path' },
            description: `Every ${noun.replace('-', ' ')} to ${verb} in one call.`,
          },
        }
      : {}),
    mode: { type: 'string', enum: ['fast', 'thorough'], default: 'fast', description: 'How much care to take.' },
    maxPages: { type: 'integer', minimum: 1, maximum: 500, description: 'Stop after this many pages.' },
  };
  const schema: JsonObject = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: `Arguments of ${id}`,
    type: 'object',
    properties,
    ...(withPathArray ? {} : { required: ['path'] }),
    additionalProperties: false,
  };
  return JSON.stringify(schema, null, 2) + '\n';
}

function handlerFile(verb: string, noun: string): string {
  return `// ${capitalize(verb)} a ${noun}: generated for the benchmark, never run.\nmodule.exports = async function handler(args, ctx) {\n  const text = await ctx.fs.read(args.path);\n  return { success: true, length: text.length };\n};\n`;
}

function promptFile(verb: string, noun: string): string {
  return `${capitalize(verb)} the ${noun} at {{file}}.\n\nTone: {{tone}}. Notes: {{notes}}.\nKeep the answer short and quote the passages you rely on.\n`;
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
