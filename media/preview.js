// @ts-check
// The context-menu preview, inside the webview. Every string from the manifest goes into the page
// through textContent or a form control's value, never as markup. The contract with the extension
// is client/src/preview/messages.ts: the types below come from it, and the build checks this file
// against them (media/tsconfig.json).
/**
 * @import { ApprovalCategory, ContextMenuModel, DialogControl, ExtensionMessage, GatingReport, GenerateButton,
 * MenuDialog, MenuEntry, MenuSelection, MenuTool, PreviewState, SelectionKind } from '../client/src/preview/messages'
 */
(function () {
  // Given by the webview host (media/webview.d.ts).
  const vscode = acquireVsCodeApi();

  /** @type {Record<SelectionKind, { label: string, hint: string, placeholder: string }>} */
  const kindWords = {
    file: { label: 'File name', hint: 'The file you right-click, e.g. report.md.', placeholder: 'report.md' },
    files: {
      label: 'File names',
      hint: 'Separate the names with commas, e.g. a.md, b.pdf.',
      placeholder: 'a.md, b.md',
    },
    folder: { label: 'Folder name', hint: 'File extensions and types do not apply to a folder.', placeholder: 'notes' },
  };
  /** @type {Record<SelectionKind, string>} */
  const defaultNames = { file: 'report.md', files: 'a.md, b.md', folder: 'notes' };
  /** @type {Record<ApprovalCategory, string>} */
  const categoryIcons = { external: 'globe', delete: 'trash', modify: 'edit', read: 'eye' };

  /** @type {PreviewState} */
  const state = {
    manifestUri: undefined,
    locked: false,
    view: 'menu',
    selectionKind: 'file',
    selectionText: defaultNames.file,
    activeEntry: undefined,
    ...vscode.getState(),
  };
  /** @type {ContextMenuModel | null} */
  let model = null;
  /** @type {GatingReport | null} The Gating view's report (request filer/gating). */
  let gating = null;

  const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
  const namesInput = /** @type {HTMLInputElement} */ ($('names'));
  const entriesList = $('entries');

  /**
   * Creates an element with optional class names and text (as text, never markup).
   * @template {keyof HTMLElementTagNameMap} K
   * @param {K} tag
   * @param {string} [className]
   * @param {string} [text]
   * @returns {HTMLElementTagNameMap[K]}
   */
  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function icon(/** @type {string} */ name) {
    const node = el('span', `codicon codicon-${name}`);
    node.setAttribute('aria-hidden', 'true');
    return node;
  }

  /** Words for assistive technology only: what a badge's look says to the eye. */
  function hiddenText(/** @type {string} */ text) {
    return el('span', 'visually-hidden', text);
  }

  /**
   * Says `text` in a live status, and shows it (it is beside the button that was used, which may be at the bottom of
   * the panel). Emptied first, so that the same words said again are announced again.
   */
  function announce(/** @type {HTMLElement} */ status, /** @type {string} */ text) {
    status.textContent = '';
    setTimeout(() => {
      status.textContent = text;
      status.scrollIntoView({ block: 'nearest' });
    }, 50);
  }

  function save() {
    vscode.setState(state);
  }

  /** @returns {MenuSelection | undefined} */
  function currentSelection() {
    const names = state.selectionText
      .split(/[,\n]/)
      .map((name) => name.trim())
      .filter((name) => name.length > 0);
    if (names.length === 0) return undefined;
    return { kind: state.selectionKind, names: state.selectionKind === 'files' ? names : names.slice(0, 1) };
  }

  function sendSelection() {
    const selection = currentSelection();
    $('names-hint').textContent = selection
      ? kindWords[state.selectionKind].hint
      : `Type a ${state.selectionKind === 'folder' ? 'folder' : 'file'} name to see the menu.`;
    if (selection) vscode.postMessage({ type: 'selection', selection });
  }

  function showSelectionControls() {
    const words = kindWords[state.selectionKind];
    for (const radio of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="kind"]'))) {
      radio.checked = radio.value === state.selectionKind;
    }
    $('names-label').textContent = words.label;
    namesInput.placeholder = words.placeholder;
    namesInput.value = state.selectionText;
    $('names-hint').textContent = words.hint;
  }

  const entryKey = (/** @type {MenuEntry} */ entry) => `${entry.source}:${entry.id}`;

  /**
   * The badge of a tool's approval category (its tooltip: why, and when the gate asks), or why there is no tool. The
   * words "approval category" are there for assistive technology; the why and the when are in the entry's description
   * (and the dialog's Approval line), which every user gets.
   */
  function categoryBadge(/** @type {MenuTool} */ tool) {
    if (!tool.found) return el('span', 'badge badge-missing', tool.problem);
    return gatingBadge(tool.category, tool.gating, tool.asks);
  }

  function gatingBadge(
    /** @type {ApprovalCategory} */ category,
    /** @type {string} */ why,
    /** @type {string} */ asks,
  ) {
    const badge = el('span', `badge category category-${category}`);
    badge.append(
      icon(categoryIcons[category] || 'question'),
      hiddenText('approval category: '),
      document.createTextNode(category),
    );
    badge.title = `${why}; ${asks}`;
    return badge;
  }

  /** What choosing an entry of this kind does, in words. */
  function kindMeaning(/** @type {MenuEntry} */ entry) {
    if (entry.source === 'tool')
      return 'A tool offered by itself, not through an action: its fileExtensions match every selected file. Choosing it calls the tool directly.';
    return entry.kind === 'tool'
      ? 'An action of kind "tool": it calls its tool directly, with no agent turn and no model.'
      : 'An action of kind "prompt": it renders its prompt template and opens an agent turn in chat.';
  }

  /** What an entry is, with a tooltip that says what that means for the user who chooses it. */
  function kindBadge(/** @type {MenuEntry} */ entry) {
    const words = entry.source === 'tool' ? 'tool · by extension' : entry.kind;
    const badge = el('span', `badge kind kind-${entry.source === 'tool' ? 'tool' : entry.kind}`);
    badge.append(hiddenText('kind: '), document.createTextNode(words));
    badge.title = kindMeaning(entry);
    return badge;
  }

  /** The entry's description for assistive technology: what its kind means, and when the gate asks for its tool. */
  function entryMeaning(/** @type {MenuEntry} */ entry) {
    const tool = entry.tool;
    if (!tool) return kindMeaning(entry);
    if (!tool.found) return `${kindMeaning(entry)} ${tool.problem}`;
    return `${kindMeaning(entry)} Approval category ${tool.gating}; the agent's calls of it: ${tool.asks}.`;
  }

  /** The entry that takes the Tab stop of the list (a roving tabindex): the one last focused, else the selected one. */
  let rovingKey = /** @type {string | undefined} */ (undefined);

  /** Gives the list's one Tab stop to `item` (and the focus too, when `focus`). */
  function rove(/** @type {HTMLElement} */ item, focus = true) {
    rovingKey = item.dataset.key;
    for (const other of /** @type {HTMLCollectionOf<HTMLElement>} */ (entriesList.children))
      other.tabIndex = other === item ? 0 : -1;
    if (focus) item.focus();
  }

  const entryItem = (/** @type {string | undefined} */ key) =>
    key === undefined
      ? null
      : /** @type {HTMLElement | null} */ (entriesList.querySelector(`[data-key="${CSS.escape(key)}"]`));

  function renderEntries() {
    // A new model re-renders the list: the focus stays on the entry it was on.
    const focusedKey = entriesList.contains(document.activeElement)
      ? /** @type {HTMLElement} */ (document.activeElement).dataset.key
      : undefined;
    entriesList.replaceChildren();
    const meanings = $('entry-meanings');
    meanings.replaceChildren();
    const entries = model ? model.entries : [];
    $('no-entries').hidden = !model || entries.length > 0;
    entries.forEach((entry, index) => {
      const item = el('li', 'entry');
      item.setAttribute('role', 'option');
      item.tabIndex = -1;
      item.dataset.key = entryKey(entry);
      item.setAttribute('aria-selected', String(entryKey(entry) === state.activeEntry));
      const meaning = el('span', undefined, entryMeaning(entry));
      meaning.id = `entry-meaning-${index}`;
      meanings.append(meaning);
      item.setAttribute('aria-describedby', meaning.id);
      item.append(icon(entry.kind === 'prompt' ? 'comment-discussion' : 'tools'));
      const text = el('span', 'entry-text');
      text.append(
        el('span', 'entry-title', entry.title),
        hiddenText('. '),
        el('span', 'entry-description', entry.description),
      );
      item.append(text);
      const badges = el('span', 'badges');
      badges.append(hiddenText('. '), kindBadge(entry));
      if (entry.tool) {
        if (entry.tool.id) {
          const id = el('span', 'badge tool-id');
          id.append(hiddenText(', calls '), document.createTextNode(entry.tool.id));
          badges.append(id);
        }
        badges.append(hiddenText(', '), categoryBadge(entry.tool));
      }
      item.append(badges);
      item.addEventListener('click', () => choose(entry));
      item.addEventListener('dblclick', () => reveal(entry));
      entriesList.append(item);
    });
    const roving =
      entryItem(focusedKey) ||
      entryItem(rovingKey) ||
      entryItem(state.activeEntry) ||
      /** @type {HTMLElement | null} */ (entriesList.firstElementChild);
    if (roving) rove(roving, focusedKey !== undefined);

    const excluded = model ? model.excluded : [];
    $('excluded-section').hidden = excluded.length === 0;
    $('excluded-summary').textContent = `Not offered for this selection (${excluded.length})`;
    const excludedList = $('excluded');
    excludedList.replaceChildren();
    // Each action not offered is a button: Enter, Space or a click selects it in the manifest.
    excluded.forEach((action, index) => {
      const item = el('li');
      const button = el('button', 'link excluded-title', action.title);
      button.setAttribute('type', 'button');
      const reason = el('span', 'muted excluded-reason', action.reason);
      reason.id = `excluded-reason-${index}`;
      button.setAttribute('aria-describedby', reason.id);
      button.title = 'Select this action in the manifest';
      button.addEventListener('click', () => vscode.postMessage({ type: 'reveal', location: action.location }));
      item.append(button, document.createTextNode(' '), reason);
      excludedList.append(item);
    });
  }

  function choose(/** @type {MenuEntry} */ entry) {
    state.activeEntry = entryKey(entry);
    save();
    for (const item of entriesList.children)
      item.setAttribute('aria-selected', String(/** @type {HTMLElement} */ (item).dataset.key === state.activeEntry));
    const item = entryItem(state.activeEntry);
    if (item) rove(item);
    $('menu-status').textContent = '';
    renderDialog();
    // In a narrow panel the dialog is below the menu: bring it into view.
    $('dialog').scrollIntoView({ block: 'nearest' });
  }

  /** Closes the dialog (Escape or Cancel): nothing ran, and the focus goes back to the entry that opened it. */
  function closeDialog(/** @type {string} */ how) {
    const key = state.activeEntry;
    if (key === undefined) return;
    state.activeEntry = undefined;
    save();
    for (const item of entriesList.children) item.setAttribute('aria-selected', 'false');
    renderDialog();
    const item = entryItem(key);
    if (item) rove(item);
    announce($('menu-status'), `The dialog is closed (${how}): nothing ran.`);
  }

  function reveal(/** @type {MenuEntry} */ entry) {
    vscode.postMessage({ type: 'reveal', location: entry.location });
  }

  function activeEntry() {
    return model ? model.entries.find((entry) => entryKey(entry) === state.activeEntry) : undefined;
  }

  /** A labelled row of the dialog: label (with the required mark) above its control. */
  function field(
    /** @type {DialogControl} */ control,
    /** @type {HTMLElement} */ input,
    /** @type {string} */ inputId,
  ) {
    const row = el('div', 'field');
    const label = el('label', undefined, control.label);
    label.htmlFor = inputId;
    if (control.required) {
      label.append(requiredMark());
      /** @type {HTMLInputElement | HTMLSelectElement} */ (input).required = true;
      input.setAttribute('aria-required', 'true');
    }
    row.append(label, input);
    return row;
  }

  /** The star of a required param: for the eye; the input itself says "required" to assistive technology. */
  function requiredMark() {
    const mark = el('span', 'required', ' *');
    mark.setAttribute('aria-hidden', 'true');
    mark.title = 'required';
    return mark;
  }

  function controlElement(
    /** @type {DialogControl} */ control,
    /** @type {MenuDialog} */ dialog,
    /** @type {number} */ index,
  ) {
    const inputId = `param-${index}`;
    if (control.type === 'select') {
      const select = /** @type {HTMLSelectElement} */ (el('select'));
      select.id = inputId;
      for (const option of control.options) {
        const node = /** @type {HTMLOptionElement} */ (el('option', undefined, option.label));
        node.value = option.value;
        node.selected = option.value === control.default;
        select.append(node);
      }
      return field(control, select, inputId);
    }
    if (control.type === 'per-file-text') {
      const group = el('fieldset', 'field per-file');
      const legend = el('legend', undefined, control.label);
      if (control.required) legend.append(requiredMark());
      group.append(legend);
      control.perFileFields.forEach((name, fileIndex) => {
        const input = /** @type {HTMLInputElement} */ (el('input'));
        input.type = 'text';
        input.id = `${inputId}-${fileIndex}`;
        if (control.required) {
          input.required = true;
          input.setAttribute('aria-required', 'true');
        }
        input.value = control.default || '';
        if (control.placeholder) input.placeholder = control.placeholder;
        const label = el('label', 'per-file-name', name);
        label.htmlFor = input.id;
        const row = el('div', 'per-file-row');
        row.append(label, input);
        group.append(row);
      });
      if (dialog.generate && control.filledByGenerate) group.append(generateButton(dialog.generate));
      return group;
    }
    const input = /** @type {HTMLInputElement} */ (el('input'));
    input.type = 'text';
    input.id = inputId;
    input.value = control.default || '';
    if (control.placeholder) input.placeholder = control.placeholder;
    const row = field(control, input, inputId);
    if (control.type === 'unknown') row.append(el('p', 'problem', 'Unknown param type: Filer rejects this manifest.'));
    return row;
  }

  /** The generate button: in the preview it runs nothing, and says so beside itself when used. */
  function generateButton(/** @type {GenerateButton} */ generate) {
    const wrap = el('div', 'generate');
    const button = el('button', 'secondary generate-button');
    button.setAttribute('type', 'button');
    button.append(icon('sparkle'), document.createTextNode(` ${generate.label}`));
    const target = generate.actionTitle
      ? `${generate.actionTitle} (${generate.actionId})`
      : `${generate.actionId || '(no actionId)'}: no such action`;
    const forwards = generate.forwardParamIds.length > 0 ? `, forwarding ${generate.forwardParamIds.join(', ')}` : '';
    const status = el('p', 'status');
    status.setAttribute('role', 'status');
    button.addEventListener('click', () =>
      announce(
        status,
        generate.actionTitle
          ? `Nothing ran: this is a preview. In Filer, ${generate.label} runs ${target} and fills ${generate.populateParamId}.`
          : `Nothing ran: this is a preview, and Filer has no action ${generate.actionId || '(no actionId)'} to run.`,
      ),
    );
    wrap.append(button, el('p', 'muted', `Runs ${target} and fills ${generate.populateParamId}${forwards}.`), status);
    return wrap;
  }

  /** What Run or Ask would do in Filer, said when it is used in the preview, which runs nothing. */
  function runWords(/** @type {MenuEntry} */ entry, /** @type {HTMLFormElement} */ form) {
    const empty = [...form.querySelectorAll('input, select')]
      .filter(
        (input) =>
          /** @type {HTMLInputElement} */ (input).required && !(/** @type {HTMLInputElement} */ (input).value.trim()),
      )
      .map((input) => {
        const label = form.querySelector(`label[for="${CSS.escape(input.id)}"]`);
        const legend = input.closest('fieldset')?.querySelector('legend');
        const name = label ? (label.firstChild?.textContent ?? '') : '';
        return legend ? `${legend.firstChild?.textContent ?? ''} for ${name}` : name;
      });
    const missing = empty.length > 0 ? ` Required and empty: ${empty.join(', ')}.` : '';
    if (entry.kind === 'prompt') {
      const prompt = entry.dialog.prompt?.filePath || 'its prompt';
      return `Nothing was asked: this is a preview. In Filer, Ask renders ${prompt} with these values and opens an agent turn in chat.${missing}`;
    }
    if (entry.tool && !entry.tool.found)
      return `Nothing ran: this is a preview, and Filer has no tool to call: ${entry.tool.problem}${missing}`;
    const tool = entry.tool?.id ? `calls ${entry.tool.id}` : 'calls the tool';
    return `Nothing ran: this is a preview. In Filer, Run ${tool} directly, with no agent turn.${missing}`;
  }

  function renderDialog() {
    const entry = activeEntry();
    $('dialog').hidden = !entry;
    const body = $('dialog-body');
    // A new model re-renders the dialog: the focus stays on the control it was on.
    const focusedId = body.contains(document.activeElement) ? document.activeElement?.id : undefined;
    body.replaceChildren();
    if (!entry) return;
    if (focusedId) queueMicrotask(() => document.getElementById(focusedId)?.focus());
    const { dialog } = entry;
    const frame = el('div', 'dialog-frame');
    frame.setAttribute('role', 'group');
    frame.setAttribute('aria-label', `${dialog.title} dialog`);
    frame.append(el('h3', 'dialog-title', dialog.title), el('p', 'dialog-description', dialog.description));

    const facts = el('dl', 'facts');
    const fact = (/** @type {string} */ name, /** @type {Node | string} */ value) => {
      const dd = el('dd');
      dd.append(value);
      facts.append(el('dt', undefined, name), dd);
    };
    fact('Kind', kindMeaning(entry));
    if (entry.tool) {
      fact('Calls', entry.tool.found ? `${entry.tool.id} (${entry.tool.title})` : entry.tool.problem);
      if (entry.tool.found) {
        // The badge names the category; the text says why and when the gate asks.
        const why = entry.tool.gating.startsWith(`${entry.tool.category} `)
          ? entry.tool.gating.slice(entry.tool.category.length + 1)
          : entry.tool.gating;
        const category = el('span');
        const words = ` ${why}; the agent's calls of it: ${entry.tool.asks}. ${entry.tool.whenChosen}`;
        category.append(categoryBadge(entry.tool), document.createTextNode(words));
        fact('Approval', category);
      }
    }
    if (dialog.prompt) {
      fact('Prompt', dialog.prompt.filePath || '(no prompt path)');
      fact('Tools this turn', `${dialog.prompt.toolScope}: ${dialog.prompt.toolScopeWords}`);
    }
    if (dialog.multiFile) fact('Several files', `${dialog.multiFile.mode}: ${dialog.multiFile.words}`);
    frame.append(facts);

    const form = el('form', 'controls');
    // Required inputs are marked required; the preview says what is empty rather than stop at the browser's bubble.
    form.noValidate = true;
    dialog.controls.forEach((control, index) => form.append(controlElement(control, dialog, index)));
    if (dialog.generate && !dialog.controls.some((control) => control.filledByGenerate))
      form.append(generateButton(dialog.generate));
    if (dialog.controls.length === 0) form.append(el('p', 'muted', 'No inputs: Filer runs it straight away.'));
    const buttons = el('div', 'buttons');
    const run = el('button', 'primary', entry.kind === 'prompt' ? 'Ask' : 'Run');
    run.setAttribute('type', 'submit');
    const cancel = el('button', 'secondary', 'Cancel');
    cancel.setAttribute('type', 'button');
    cancel.addEventListener('click', () => closeDialog('Cancel'));
    buttons.append(run, cancel);
    // Where Run, Ask and Cancel are: what using them did (nothing: a preview).
    const status = el('p', 'status dialog-status');
    status.setAttribute('role', 'status');
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      announce(status, runWords(entry, form));
    });
    form.append(buttons, status);
    frame.append(form);

    const goTo = el('button', 'link');
    goTo.setAttribute('type', 'button');
    goTo.append(icon('go-to-file'), document.createTextNode(' Go to Action in manifest'));
    goTo.addEventListener('click', () => reveal(entry));
    body.append(frame, goTo);
  }

  const plural = (/** @type {number} */ n, /** @type {string} */ one, /** @type {string} */ many) =>
    `${n} ${n === 1 ? one : many}`;

  /**
   * The Gating view: every tool with its category, when the gate asks and why; a click selects the tool in the
   * manifest.
   */
  function renderGating() {
    const body = $('gating-tools');
    body.replaceChildren();
    const tools = gating ? gating.tools : [];
    $('gating-table').hidden = tools.length === 0;
    const counts = /** @type {ApprovalCategory[]} */ (['external', 'delete', 'modify', 'read'])
      .map((category) => /** @type {const} */ ([category, tools.filter((tool) => tool.category === category).length]))
      .filter(([, n]) => n > 0)
      .map(([category, n]) => `${n} ${category}`);
    $('gating-summary').textContent = !gating
      ? message?.problem || 'No gating: this file is not taken as a Filer manifest.'
      : tools.length === 0
        ? 'This plugin has no tools, so the gate has nothing to sort.'
        : `${plural(tools.length, 'tool', 'tools')}: ${counts.join(', ')}.${gating.refusal ? ` ${gating.refusal.words}` : ''}`;
    $('gating-undeclared').textContent = gating
      ? `Tools without annotations are treated as ${gating.undeclaredTools.why}.`
      : '';
    for (const tool of tools) {
      const row = el('tr', 'gated-tool');
      row.setAttribute('role', 'row');
      row.dataset.toolId = tool.id;
      const name = el('td', 'gated-name');
      const link = el('button', 'link tool-link');
      link.setAttribute('type', 'button');
      link.append(icon('go-to-file'), document.createTextNode(` ${tool.id}`));
      link.title = 'Select this tool in the manifest';
      link.addEventListener('click', () => vscode.postMessage({ type: 'reveal', location: tool.location }));
      name.append(link);
      if (tool.title) name.append(el('span', 'gated-title muted', tool.title));
      const category = el('td');
      category.append(gatingBadge(tool.category, tool.why, tool.asks));
      const why = el('td', 'gated-why');
      const reasons = el('ul', 'reasons');
      tool.reasonsInWords.forEach((words, index) => {
        const item = el('li', index === 0 ? 'reason winner' : 'reason', words);
        if (index === 0 && tool.reasonsInWords.length > 1) item.append(el('span', 'wins', ' (wins)'));
        reasons.append(item);
      });
      why.append(reasons);
      if (tool.undeclared)
        why.append(el('p', 'muted undeclared', 'Declares no annotations: treated by what its plugin may do.'));
      const asks = el('td', 'gated-asks', tool.asks);
      // The cells keep their role in the narrow layout (a grid of blocks, where a browser may drop a table's).
      for (const cell of [name, category, asks, why]) cell.setAttribute('role', 'cell');
      row.append(name, category, asks, why);
      body.append(row);
    }
  }

  /** Shows one of the two views; the tabs follow the ARIA tabs pattern. */
  function showView(/** @type {PreviewState['view']} */ view) {
    state.view = view;
    save();
    $('menu-view').hidden = view !== 'menu';
    $('gating-view').hidden = view !== 'gating';
    for (const [id, name] of [
      ['tab-menu', 'menu'],
      ['tab-gating', 'gating'],
    ]) {
      $(id).setAttribute('aria-selected', String(view === name));
      $(id).tabIndex = view === name ? 0 : -1;
    }
  }

  /** @type {ExtensionMessage | undefined} The extension's last message. */
  let message;
  window.addEventListener('message', (/** @type {MessageEvent<ExtensionMessage | undefined>} */ event) => {
    if (!event.data || event.data.type !== 'model') return;
    message = event.data;
    model = message.model;
    gating = message.gating;
    state.manifestUri = message.manifestUri;
    state.locked = message.locked === true;
    save();
    $('manifest-label').textContent = message.locked ? `${message.manifestLabel} · locked` : message.manifestLabel;
    const pluginName = (model && model.pluginName) || (gating && gating.pluginName);
    $('plugin-name').textContent = pluginName || 'Filer plugin';
    $('problem').textContent = message.problem || '';
    $('problem').hidden = !message.problem;
    renderEntries();
    renderDialog();
    renderGating();
  });

  $('tab-menu').addEventListener('click', () => showView('menu'));
  $('tab-gating').addEventListener('click', () => showView('gating'));
  // The ARIA tabs pattern, activation following the focus: Left and Right go round, Home and End to either end.
  /** @type {PreviewState['view'][]} */
  const views = ['menu', 'gating'];
  for (const view of views) {
    $(`tab-${view}`).addEventListener('keydown', (event) => {
      const here = views.indexOf(view);
      const next =
        event.key === 'ArrowRight'
          ? views[(here + 1) % views.length]
          : event.key === 'ArrowLeft'
            ? views[(here + views.length - 1) % views.length]
            : event.key === 'Home'
              ? views[0]
              : event.key === 'End'
                ? views[views.length - 1]
                : undefined;
      if (!next) return;
      event.preventDefault();
      showView(next);
      $(`tab-${next}`).focus();
    });
  }
  showView(state.view);

  for (const radio of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="kind"]'))) {
    radio.addEventListener('change', () => {
      if (!radio.checked) return;
      const kind = /** @type {SelectionKind} */ (radio.value);
      // Keep what was typed when it still makes sense; a folder gets a folder name.
      if (kind === 'folder' || state.selectionKind === 'folder') state.selectionText = defaultNames[kind];
      state.selectionKind = kind;
      save();
      showSelectionControls();
      sendSelection();
    });
  }

  namesInput.addEventListener('input', () => {
    state.selectionText = namesInput.value;
    save();
    sendSelection();
  });

  // A listbox, one Tab stop (a roving tabindex): arrows, Home and End move between entries, Enter or Space shows the
  // dialog, Alt+Enter jumps to the action.
  entriesList.addEventListener('keydown', (event) => {
    const items = /** @type {HTMLElement[]} */ ([...entriesList.children]);
    if (items.length === 0) return;
    const current = items.indexOf(/** @type {HTMLElement} */ (document.activeElement));
    const move = (/** @type {number} */ index) => {
      event.preventDefault();
      rove(items[Math.max(0, Math.min(items.length - 1, index))]);
    };
    if (event.key === 'ArrowDown') move(current + 1);
    else if (event.key === 'ArrowUp') move(current < 0 ? 0 : current - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if ((event.key === 'Enter' || event.key === ' ') && current >= 0) {
      event.preventDefault();
      if (!model) return;
      const entry = model.entries[current];
      if (event.altKey) reveal(entry);
      else choose(entry);
    }
  });
  // A click on an entry moves the Tab stop there too.
  entriesList.addEventListener('focusin', (event) => {
    const item = /** @type {HTMLElement} */ (event.target);
    if (item.parentElement === entriesList && item.tabIndex !== 0) rove(item, false);
  });

  // Escape closes the dialog, wherever the focus is in the preview (the dialog's controls, the menu).
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || $('dialog').hidden || event.defaultPrevented) return;
    event.preventDefault();
    closeDialog('Escape');
  });

  showSelectionControls();
  vscode.postMessage({ type: 'ready', selection: currentSelection() });
})();
