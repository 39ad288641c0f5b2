import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { AxeResults, RunOptions } from 'axe-core';
import type { CDPSession, Frame } from 'playwright-core';
import { analyzeManifest, computeContextMenu, type MenuSelection } from '../../server/src/engine';
import { openBrowser, type EditorBrowser } from './harness/browser';
import { startCodeServer, type CodeServer } from './harness/codeServer';
import { makeWorkspace, repoRoot } from './harness/paths';
import { Workbench } from './harness/workbench';

/**
 * The preview's accessibility, in code-server with the packaged .vsix, driven through Chromium: axe-core run inside
 * the webview in four states and four themes, keyboard-only walks of each view, what assistive technology gets
 * (Chromium's own accessibility tree, through the DevTools protocol), non-text contrast, and reflow down to 320 CSS
 * px. The axe results go to test-results/accessibility/axe.json, the screenshots to test-results/screenshots/.
 */

const packageJson = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
};
const vsix = process.env.FILER_VSIX ?? join(repoRoot, `${packageJson.name}-${packageJson.version}.vsix`);
const axeSource = readFileSync(createRequire(__filename).resolve('axe-core/axe.min.js'), 'utf8');
const resultsDir = join(repoRoot, 'test-results', 'accessibility');

/** VS Code's four default themes a user reaches for: their labels in the Color Theme picker. */
const themes = [
  { label: 'Dark+', slug: 'dark-plus' },
  { label: 'Light+', slug: 'light-plus' },
  { label: 'Dark High Contrast', slug: 'dark-hc' },
  { label: 'Light High Contrast', slug: 'light-hc' },
] as const;

const several: MenuSelection = { kind: 'files', names: ['draft.md', 'notes.txt'] };
const promptEntryKey = 'action:tighten-prose';
const toolEntryKey = 'action:count-words';

let workspace: ReturnType<typeof makeWorkspace>;
let server: CodeServer;
let editor: EditorBrowser;
let workbench: Workbench;
let manifestText: string;
let currentTheme: string | undefined;

before(async () => {
  assert.ok(existsSync(vsix), `${vsix} is missing: run npm run package first (npm run test:editor does)`);
  mkdirSync(resultsDir, { recursive: true });
  workspace = makeWorkspace('a11y');
  manifestText = readFileSync(join(workspace.path, 'examples', 'word-count', 'manifest.json'), 'utf8');
  server = await startCodeServer({ name: 'a11y', vsix });
  // The audit's window: 1280 × 900, the preview beside the editor (about 615 px wide, the side bar hidden).
  editor = await openBrowser({ width: 1280, height: 900 });
  workbench = new Workbench(editor.page);
  const manifest = join(workspace.path, 'examples', 'word-count', 'manifest.json');
  await editor.page.goto(server.url(workspace.path, [['openFile', server.remoteUri(manifest)]]));
  await workbench.waitForLoaded();
  await workbench.activeEditor().locator('.view-line', { hasText: 'word-count' }).first().waitFor({ timeout: 60_000 });
  if (await editor.page.locator('.part.sidebar').isVisible())
    await workbench.runCommand('View: Toggle Primary Side Bar Visibility');
  const button = editor.page.locator(
    '.editor-group-container.active .editor-actions .action-label[aria-label*="Preview Context Menu"]',
  );
  await button.waitFor({ timeout: 60_000 });
  await button.click();
  await workbench.webview().locator('#entries .entry-title').first().waitFor({ timeout: 60_000 });
});

after(async () => {
  await editor?.close();
  await server?.stop();
  workspace?.dispose();
});

/** Runs a check; on failure, saves what the page showed as failed-a11y-<name>.png before rethrowing. */
async function showing(name: string, check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    await workbench.screenshot(`failed-a11y-${name}`).catch(() => undefined);
    throw error;
  }
}

/** The webview's document as a Playwright frame (what frame.evaluate needs; the locators go through FrameLocator). */
async function webviewFrame(): Promise<Frame> {
  const body = await workbench.webview().locator('body').elementHandle({ timeout: 30_000 });
  const frame = await body?.ownerFrame();
  assert.ok(frame, 'the webview has a frame');
  return frame;
}

const expectedMenu = (selection: MenuSelection) => computeContextMenu(analyzeManifest(manifestText).model, selection);

async function setTheme(label: string): Promise<void> {
  if (currentTheme === label) return;
  await workbench.setColorTheme(label);
  await workbench
    .webview()
    .locator(`body[data-vscode-theme-name="${label}"], body[data-vscode-theme-id="${label}"]`)
    .waitFor({ timeout: 20_000 });
  currentTheme = label;
}

/** Shows the Menu view for a selection and waits for the entries the engine computes for it. */
async function showMenu(selection: MenuSelection): Promise<void> {
  const view = workbench.webview();
  await view.locator('#tab-menu').click();
  await view.locator('#menu-view').waitFor();
  await view.locator(`input[name="kind"][value="${selection.kind}"]`).check();
  const text = selection.names.join(', ');
  if ((await view.locator('#names').inputValue()) !== text) await view.locator('#names').fill(text);
  const titles = expectedMenu(selection).entries.map((entry) => entry.title);
  await waitUntil(
    async () => JSON.stringify(await view.locator('#entries .entry-title').allInnerTexts()) === JSON.stringify(titles),
    `the entries for ${text}`,
  );
}

async function showPromptDialog(): Promise<void> {
  await showMenu(several);
  const view = workbench.webview();
  const entry = expectedMenu(several).entries.find(
    (candidate) => `${candidate.source}:${candidate.id}` === promptEntryKey,
  );
  assert.ok(entry && entry.kind === 'prompt', `${promptEntryKey} is a prompt action offered for several files`);
  if (!(await view.locator('#dialog .dialog-title', { hasText: entry.title }).isVisible()))
    await view.locator(`#entries [data-key="${promptEntryKey}"]`).click();
  await view.locator('#dialog .dialog-title', { hasText: entry.title }).waitFor();
}

/** Several files, a tool action chosen (its row selected, its tool's id in a badge). */
async function showToolDialog(): Promise<void> {
  await showMenu(several);
  const view = workbench.webview();
  const entry = expectedMenu(several).entries.find(
    (candidate) => `${candidate.source}:${candidate.id}` === toolEntryKey,
  );
  assert.ok(entry?.tool?.found, `${toolEntryKey} is a tool action offered for several files`);
  if (!(await view.locator('#dialog .dialog-title', { hasText: entry.title }).isVisible()))
    await view.locator(`#entries [data-key="${toolEntryKey}"]`).click();
  await view.locator('#dialog .dialog-title', { hasText: entry.title }).waitFor();
}

async function showGating(): Promise<void> {
  const view = workbench.webview();
  await view.locator('#tab-gating').click();
  await view.locator('#gating-tools tr').first().waitFor();
}

const states = [
  { name: 'menu-one-file', enter: () => showMenu({ kind: 'file', names: ['report.md'] }) },
  { name: 'menu-several-files', enter: showToolDialog },
  { name: 'prompt-dialog', enter: showPromptDialog },
  { name: 'gating', enter: showGating },
] as const;

type Violation = {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
};

/** axe-core, evaluated in the webview (through DevTools: its Content-Security-Policy lets no script in). */
async function runAxe(frame: Frame): Promise<Violation[]> {
  if (!(await frame.evaluate('typeof axe !== "undefined"'))) await frame.evaluate(axeSource);
  return frame.evaluate(async () => {
    const { axe } = globalThis as unknown as {
      axe: { run(options: RunOptions): Promise<AxeResults> };
    };
    const results = await axe.run({ resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      nodes: violation.nodes.map((node) => ({
        target: node.target.join(' '),
        html: node.html.slice(0, 200),
        summary: node.failureSummary ?? '',
      })),
    }));
  });
}

test(
  'axe-core finds no serious or critical violation in four states of the preview, in four themes',
  { timeout: 600_000 },
  () =>
    showing('axe', async () => {
      const report: Record<string, Record<string, Violation[]>> = {};
      const severe: string[] = [];
      const contrast: string[] = [];
      for (const state of states) {
        report[state.name] = {};
        for (const theme of themes) {
          await setTheme(theme.label);
          await state.enter();
          // Transitions of the theme's colours are over before anything is measured.
          await new Promise((resolve) => setTimeout(resolve, 300));
          const violations = await runAxe(await webviewFrame());
          report[state.name][theme.label] = violations;
          for (const violation of violations)
            if (violation.impact === 'serious' || violation.impact === 'critical')
              severe.push(
                `${state.name}, ${theme.label}: ${violation.impact} ${violation.id} (${violation.help}) at ` +
                  violation.nodes.map((node) => `${node.target} ${node.summary.replace(/\s+/g, ' ')}`).join('; '),
              );
          contrast.push(
            ...(await nonTextContrastProblems()).map((problem) => `${state.name}, ${theme.label}: ${problem}`),
          );
          await workbench.screenshot(`a11y-${state.name}-${theme.slug}`);
        }
      }
      writeFileSync(join(resultsDir, 'axe.json'), `${JSON.stringify(report, null, 2)}\n`);
      const counts = Object.entries(report).map(
        ([state, byTheme]) =>
          `${state}: ${Object.entries(byTheme)
            .map(
              ([theme, violations]) => `${theme} ${violations.map((v) => `${v.id}/${v.impact}`).join(' ') || 'none'}`,
            )
            .join(', ')}`,
      );
      // Beside the serious and critical ones, those the audit found: one main landmark, all content in landmarks,
      // no tabpanel on <main>.
      const landmarks = Object.entries(report).flatMap(([state, byTheme]) =>
        Object.entries(byTheme).flatMap(([theme, violations]) =>
          violations
            .filter((violation) => ['landmark-one-main', 'region', 'aria-allowed-role'].includes(violation.id))
            .map(
              (violation) =>
                `${state}, ${theme}: ${violation.impact} ${violation.id} at ${violation.nodes.map((node) => node.target).join('; ')}`,
            ),
        ),
      );
      assert.deepEqual(
        [...severe, ...landmarks, ...contrast],
        [],
        `axe's serious and critical violations, landmarks and roles, non-text contrast under 3:1 (axe found: ${counts.join(' | ')})`,
      );
    }),
);

/**
 * Runs in the webview: the non-text contrast problems of what is on screen (WCAG 1.4.11, 3:1): each category badge's
 * coloured edge against what is on either side of it, its icon against the badge, and the focus ring of the selected
 * entry against what is on either side of it. Self-contained: Playwright sends its source.
 */
async function nonTextContrastProblems(): Promise<string[]> {
  const frame = await webviewFrame();
  return frame.evaluate(() => {
    type Element = {
      parentElement: Element | null;
      className: string;
      textContent: string | null;
      querySelector(selector: string): Element | null;
      querySelectorAll(selector: string): ArrayLike<Element>;
      focus(): void;
      getAttribute(name: string): string | null;
    };
    type Style = Record<string, string> & { getPropertyValue(name: string): string };
    const page = globalThis as unknown as {
      getComputedStyle(element: Element): Style;
      document: { querySelectorAll(selector: string): ArrayLike<Element>; activeElement: Element | null };
    };
    /** r, g, b in 0–255 and alpha, from rgb(…), rgba(…) or color(srgb …) (what color-mix computes to). */
    const channels = (colour: string) => {
      const numbers = (colour.match(/[\d.]+/g) ?? []).map(Number);
      return colour.startsWith('color(')
        ? [...numbers.slice(0, 3).map((value) => value * 255), ...numbers.slice(3)]
        : numbers;
    };
    const opaque = (colour: string) => {
      const [, , , alpha] = channels(colour);
      return colour !== '' && colour !== 'transparent' && (alpha === undefined || alpha > 0.5);
    };
    const luminance = (colour: string) => {
      const [r, g, b] = channels(colour).map((value) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a: string, b: string) => {
      const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (light + 0.05) / (dark + 0.05);
    };
    /** The first opaque background at or behind an element. */
    const backgroundOf = (element: Element | null): string => {
      for (let node = element; node; node = node.parentElement) {
        const colour = page.getComputedStyle(node).backgroundColor;
        if (opaque(colour)) return colour;
      }
      return 'rgb(255, 255, 255)';
    };
    const problems: string[] = [];
    const need = (what: string, a: string, b: string) => {
      const value = ratio(a, b);
      if (value < 3) problems.push(`${what}: ${value.toFixed(2)}:1 (${a} on ${b})`);
    };
    for (const badge of Array.from(page.document.querySelectorAll('.badge.category'))) {
      const style = page.getComputedStyle(badge);
      const name = `the ${(badge.textContent ?? '').replace(/^.*: /, '').trim()} badge`;
      const inside = backgroundOf(badge);
      const outside = backgroundOf(badge.parentElement);
      if (parseFloat(style.borderLeftWidth) > 0 && opaque(style.borderLeftColor)) {
        need(`${name}'s edge against the badge`, style.borderLeftColor, inside);
        need(`${name}'s edge against what is behind the badge`, style.borderLeftColor, outside);
      }
      const icon = badge.querySelector('.codicon');
      if (icon) need(`${name}'s icon`, page.getComputedStyle(icon).color, inside);
    }
    // A text field's or a list's boundary (its border, or else its own background) against what is around it.
    for (const input of Array.from(page.document.querySelectorAll('input[type="text"], select'))) {
      const style = page.getComputedStyle(input);
      const bordered = parseFloat(style.borderTopWidth) > 0 && opaque(style.borderTopColor);
      const name = input.getAttribute('aria-label') ?? input.getAttribute('id') ?? 'a';
      need(
        `the ${name} field's boundary`,
        bordered ? style.borderTopColor : backgroundOf(input),
        backgroundOf(input.parentElement),
      );
    }
    // The focus ring of the selected entry, when it has the focus (the dialog's state gives it the focus).
    const selected = page.document.querySelectorAll('#entries [aria-selected="true"]')[0];
    if (selected) {
      selected.focus();
      const style = page.getComputedStyle(selected);
      if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) === 0)
        problems.push('the selected entry shows no focus ring');
      else {
        const offset = parseFloat(style.outlineOffset);
        // Inside the entry's edge the ring meets the entry's inset shadow if it has one, else its background.
        const inset = /^(rgba?\([^)]*\)) 0px 0px 0px (\d+)px inset/.exec(style.boxShadow);
        const within = offset < 0 ? (inset ? inset[1] : backgroundOf(selected)) : backgroundOf(selected);
        need('the selected entry’s focus ring against its inside', style.outlineColor, within);
        need(
          'the selected entry’s focus ring against its outside',
          style.outlineColor,
          offset < 0 && !inset ? backgroundOf(selected) : backgroundOf(selected.parentElement),
        );
      }
    }
    return problems;
  });
}

/** What the focus is on in the webview, as a short description; null when the webview's document has lost it. */
async function focused(frame: Frame): Promise<{ what: string; ring: string | null; focusBorder: string } | null> {
  return frame.evaluate(() => {
    type Element = {
      id: string;
      tagName: string;
      textContent: string | null;
      getAttribute(name: string): string | null;
      style: Record<string, string>;
      remove(): void;
    };
    const page = globalThis as unknown as {
      getComputedStyle(element: Element): Record<string, string>;
      document: {
        hasFocus(): boolean;
        activeElement: Element | null;
        body: Element & { append(element: Element): void };
        createElement(tag: string): Element;
      };
    };
    const { document } = page;
    if (!document.hasFocus()) return null;
    const element = document.activeElement;
    if (!element || element === document.body) return { what: 'body', ring: null, focusBorder: '' };
    const role = element.getAttribute('role');
    const key = element.getAttribute('data-key');
    const what = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${role ? `[role=${role}]` : ''}${key ? `[data-key=${key}]` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    const style = page.getComputedStyle(element);
    const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1 ? style.outlineColor : null;
    // VS Code's focusBorder, resolved to the colour the computed styles use.
    const probe = document.createElement('span');
    probe.style.color = 'var(--vscode-focusBorder)';
    document.body.append(probe);
    const focusBorder = page.getComputedStyle(probe).color;
    probe.remove();
    return { what, ring, focusBorder };
  });
}

/**
 * Walks the webview with Tab (or Shift+Tab) from where the focus is until the focus leaves the webview; returns the
 * stops. Each stop reached from the keyboard must show VS Code's focus border. A stop seen twice is a trap.
 */
async function walk(key: 'Tab' | 'Shift+Tab', limit = 60): Promise<string[]> {
  const stops: string[] = [];
  const frame = await webviewFrame();
  const first = await focused(frame);
  assert.ok(first, 'the walk starts with the focus in the webview');
  stops.push(first.what);
  for (let step = 0; step < limit; step++) {
    await editor.page.keyboard.press(key);
    const now = await focused(frame);
    if (!now) return stops;
    assert.ok(!stops.includes(now.what), `${key} is stuck: ${now.what} again after ${stops.join(' → ')}`);
    stops.push(now.what);
    assert.equal(now.ring, now.focusBorder, `${now.what}, reached with ${key}, shows VS Code's focus border`);
  }
  assert.fail(`${key} did not leave the webview in ${limit} presses: ${stops.join(' → ')}`);
}

test(
  'keyboard only: Tab walks each view forward and Shift+Tab walks it back the same way, every stop showing the focus border',
  { timeout: 180_000 },
  () =>
    showing('keyboard-walk', async () => {
      await setTheme('Light+');
      const view = workbench.webview();
      // The Menu view with the prompt action's dialog open.
      await showPromptDialog();
      await view.locator('#tab-menu').focus();
      const forward = await walk('Tab');
      for (const expected of [
        '#tab-menu',
        'input',
        '#names',
        `[data-key=${promptEntryKey}]`,
        'summary',
        'select',
        'Suggest budgets',
        'Ask',
        'Cancel',
        'Go to Action',
      ])
        assert.ok(
          forward.some((stop) => stop.includes(expected)),
          `Tab reaches ${expected}: ${forward.join(' → ')}`,
        );
      assert.equal(
        forward.filter((stop) => stop.includes('[role=option]')).length,
        1,
        `the menu list is one stop: ${forward.join(' → ')}`,
      );
      await view.locator(`#entries [data-key="${promptEntryKey}"]`).waitFor();
      await focusStop(forward[forward.length - 1]);
      const backward = await walk('Shift+Tab');
      assert.deepEqual(backward, [...forward].reverse(), 'Shift+Tab goes back the way Tab came');

      // The Gating view, reached from the tabs with the keyboard.
      await view.locator('#tab-menu').focus();
      await editor.page.keyboard.press('ArrowRight');
      await view.locator('#gating-view').waitFor();
      const gatingForward = await walk('Tab');
      assert.match(gatingForward[0], /#tab-gating/);
      const links = await view.locator('#gating-tools .tool-link').count();
      assert.equal(
        gatingForward.filter((stop) => stop.startsWith('button "')).length,
        links,
        `every tool's link is a stop: ${gatingForward.join(' → ')}`,
      );
      await focusStop(gatingForward[gatingForward.length - 1]);
      const gatingBackward = await walk('Shift+Tab');
      assert.deepEqual(gatingBackward, [...gatingForward].reverse(), 'Shift+Tab goes back the way Tab came');
      await workbench.screenshot('a11y-keyboard-gating');
      await view.locator('#tab-menu').click();
    }),
);

/** Gives the focus back to a stop of a walk, by its description. */
async function focusStop(stop: string): Promise<void> {
  const view = workbench.webview();
  const id = /^[a-z]+#[\w-]+/.exec(stop)?.[0];
  if (id) return view.locator(id).focus();
  const text = /"(.*)"$/.exec(stop)?.[1] ?? '';
  const tag = /^[a-z]+/.exec(stop)?.[0] ?? '*';
  await view.locator(tag, { hasText: text }).last().focus();
}

test(
  'the view tabs follow the ARIA tabs pattern; one main landmark holds them, no tabpanel on it',
  { timeout: 60_000 },
  () =>
    showing('tabs', async () => {
      const view = workbench.webview();
      await view.locator('#tab-menu').click();
      assert.equal(await view.locator('main, [role="main"]').count(), 1, 'one main landmark');
      assert.equal(await view.locator('main[role], [role="main"][role="tabpanel"]').count(), 0, 'main keeps its role');
      for (const [tab, panel] of [
        ['#tab-menu', '#menu-view'],
        ['#tab-gating', '#gating-view'],
      ]) {
        assert.equal(await view.locator(tab).getAttribute('aria-controls'), panel.slice(1));
        assert.equal(await view.locator(panel).getAttribute('role'), 'tabpanel');
        assert.equal(await view.locator(panel).getAttribute('aria-labelledby'), tab.slice(1));
      }
      const expectSelected = async (selected: 'menu' | 'gating', after: string) => {
        const other = selected === 'menu' ? 'gating' : 'menu';
        await view.locator(`#${selected}-view`).waitFor({ timeout: 5_000 });
        assert.equal(await view.locator(`#tab-${selected}`).getAttribute('aria-selected'), 'true', after);
        assert.equal(await view.locator(`#tab-${other}`).getAttribute('aria-selected'), 'false', after);
        assert.equal(await view.locator(`#tab-${selected}`).getAttribute('tabindex'), '0', after);
        assert.equal(await view.locator(`#tab-${other}`).getAttribute('tabindex'), '-1', after);
        assert.equal(await view.locator(`#${other}-view`).isHidden(), true, after);
        const frame = await webviewFrame();
        assert.match(
          (await focused(frame))?.what ?? '',
          new RegExp(`#tab-${selected}`),
          `${after}: the focus on the tab`,
        );
      };
      await view.locator('#tab-menu').focus();
      for (const [key, selected] of [
        ['End', 'gating'],
        ['Home', 'menu'],
        ['ArrowRight', 'gating'],
        ['ArrowRight', 'menu'],
        ['ArrowLeft', 'gating'],
        ['ArrowLeft', 'menu'],
      ] as const) {
        await editor.page.keyboard.press(key);
        await expectSelected(selected, `after ${key}`);
      }
    }),
);

test(
  'the dialog answers every button: Escape and Cancel close it, the focus back on its entry; Ask and Suggest budgets say in a live status that the preview runs nothing',
  { timeout: 90_000 },
  () =>
    showing('dialog-buttons', async () => {
      const view = workbench.webview();
      await showPromptDialog();
      const dialog = view.locator('#dialog');
      const expectClosedOnEntry = async (how: string) => {
        await dialog.waitFor({ state: 'hidden', timeout: 5_000 });
        const frame = await webviewFrame();
        assert.equal(
          (await focused(frame))?.what.includes(`[data-key=${promptEntryKey}]`),
          true,
          `${how}: the focus back on the entry`,
        );
        const status = view.locator('#menu-status');
        assert.equal(await status.getAttribute('role'), 'status', `${how}: a live status`);
        assert.match(await status.innerText(), /closed/i, `${how}: the status says the dialog closed`);
        assert.equal(await status.isVisible(), true, `${how}: the status is visible`);
      };

      // Escape from a control of the dialog.
      await dialog.locator('select').first().focus();
      await editor.page.keyboard.press('Escape');
      await expectClosedOnEntry('Escape');

      // Enter on the entry opens it again; Suggest budgets answers beside itself.
      await editor.page.keyboard.press('Enter');
      await dialog.waitFor();
      await dialog.locator('.generate-button').focus();
      await editor.page.keyboard.press('Enter');
      const generateStatus = dialog.locator('.generate [role="status"]');
      await generateStatus.filter({ hasText: /nothing/i }).waitFor({ timeout: 5_000 });
      assert.match(await generateStatus.innerText(), /Suggest a word budget/, 'it says what Filer would run');

      // Ask answers under the buttons.
      await dialog.getByRole('button', { name: 'Ask', exact: true }).focus();
      await editor.page.keyboard.press('Enter');
      const runStatus = dialog.locator('.buttons + [role="status"], .dialog-status[role="status"]').first();
      await runStatus.filter({ hasText: /nothing/i }).waitFor({ timeout: 5_000 });
      assert.equal(await runStatus.isVisible(), true);
      await workbench.screenshot('a11y-dialog-status');

      // Cancel closes it.
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).focus();
      await editor.page.keyboard.press('Enter');
      await expectClosedOnEntry('Cancel');
      await workbench.screenshot('a11y-dialog-cancelled');
    }),
);

test(
  'the actions not offered are reachable from the keyboard, and Enter on one selects it in the manifest',
  { timeout: 90_000 },
  () =>
    showing('not-offered', async () => {
      const view = workbench.webview();
      await showMenu(several);
      const excluded = expectedMenu(several).excluded;
      assert.ok(excluded.length > 0, 'word-count has actions not offered for several files');
      await view.locator('#excluded-summary').focus();
      await editor.page.keyboard.press('Enter');
      await view.locator('#excluded').waitFor();
      await editor.page.keyboard.press('Tab');
      const frame = await webviewFrame();
      const stop = await focused(frame);
      assert.ok(
        stop?.what.includes(excluded[0].title),
        `Tab from the summary reaches ${excluded[0].title}: ${stop?.what}`,
      );
      await editor.page.keyboard.press('Enter');
      const line = excluded[0].location.focus.start.line + 1;
      await editor.page
        .locator('.statusbar-item', { hasText: new RegExp(`Ln ${line}, Col`) })
        .first()
        .waitFor({ timeout: 15_000 });
      await view.locator('#excluded-summary').click();
    }),
);

/** Chromium's accessibility tree of the webview's document (what a screen reader is given), through DevTools. */
type AxNode = {
  nodeId: string;
  ignored: boolean;
  role?: { value: string };
  name?: { value: string };
  description?: { value: string };
  properties?: { name: string; value: { value: unknown } }[];
  parentId?: string;
  childIds?: string[];
};

let cdp: CDPSession | undefined;
async function accessibilityTree(): Promise<AxNode[]> {
  cdp ??= await editor.context.newCDPSession(editor.page);
  const frame = await webviewFrame();
  // The DevTools frame tree knows the webview's document by the address it was first given (index.html, the same
  // webview id), inside the webview's outer frame.
  type FrameTree = { frame: { id: string; url: string }; childFrames?: FrameTree[] };
  const { frameTree } = (await cdp.send('Page.getFrameTree')) as { frameTree: FrameTree };
  const webviewId = new URL(frame.url()).searchParams.get('id');
  const ofWebview = (tree: FrameTree) => new URL(tree.frame.url).searchParams.get('id') === webviewId;
  const find = (tree: FrameTree, parentOfWebview: boolean): string | undefined =>
    parentOfWebview && ofWebview(tree)
      ? tree.frame.id
      : tree.childFrames?.map((child) => find(child, ofWebview(tree))).find(Boolean);
  const frameId = find(frameTree, false);
  assert.ok(frameId, `the webview's frame (${frame.url()}) is in the page's frame tree`);
  await cdp.send('Accessibility.enable');
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree', { frameId })) as { nodes: AxNode[] };
  return nodes.filter((node) => !node.ignored);
}

const roleOf = (node: AxNode) => node.role?.value ?? '';
const nameOf = (node: AxNode) => node.name?.value ?? '';
const property = (node: AxNode, name: string) => node.properties?.find((p) => p.name === name)?.value.value;

test(
  'a screen reader is told what each badge means, the Gating table’s headers in a narrow panel, which inputs are required, and the headings as written',
  { timeout: 120_000 },
  () =>
    showing('screen-reader', async () => {
      const view = workbench.webview();
      await showPromptDialog();
      let tree = await accessibilityTree();

      // Every entry: its kind and category named in its text, their meanings in its description.
      // The options of the menu's listbox (the dialog's select has options of its own).
      const listbox = tree.find((node) => roleOf(node) === 'listbox' && /^menu entries$/i.test(nameOf(node)));
      assert.ok(listbox, 'the menu is a listbox named by its heading');
      assert.equal(nameOf(listbox), 'Menu entries', 'the heading that names the list, as written');
      const options = tree.filter((node) => roleOf(node) === 'option' && listbox.childIds?.includes(node.nodeId));
      const entries = expectedMenu(several).entries;
      assert.equal(options.length, entries.length, 'one option per entry');
      for (const [index, entry] of entries.entries()) {
        const option = options[index];
        const name = nameOf(option);
        const description = option.description?.value ?? '';
        assert.match(name, new RegExp(`^${entry.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), 'the title first');
        if (entry.tool?.found) assert.match(name, new RegExp(`category:? ${entry.tool.category}`), name);
        const meaning =
          entry.source === 'tool'
            ? /not through an action/
            : entry.kind === 'prompt'
              ? /opens an agent turn/
              : /calls its tool directly/;
        assert.match(description, meaning, `${entry.title}'s description says what its kind means: "${description}"`);
        if (entry.tool?.found)
          assert.ok(description.includes(entry.tool.asks), `${entry.title}'s description says when the gate asks`);
      }

      // The headings reach the tree as written, not in capitals.
      const headings = tree.filter((node) => roleOf(node) === 'heading').map(nameOf);
      for (const expected of ['Right-click on', 'Menu entries', 'Dialog'])
        assert.ok(headings.includes(expected), `the heading "${expected}" (headings: ${headings.join(', ')})`);

      // Every input of a required param is required, the per-file ones too: the text fields as the tree gives them,
      // the select in the page (DevTools leaves a select's required state out of the properties it lists).
      const dialogEntry = entries.find((entry) => `${entry.source}:${entry.id}` === promptEntryKey);
      assert.ok(dialogEntry);
      const requiredControls = dialogEntry.dialog.controls.filter((control) => control.required);
      const requiredText = requiredControls
        .filter((control) => control.type !== 'select')
        .reduce((n, control) => n + (control.type === 'per-file-text' ? control.perFileFields.length : 1), 0);
      const required = tree.filter((node) => roleOf(node) === 'textbox' && property(node, 'required') === true);
      assert.equal(
        required.length,
        requiredText,
        `required text fields: ${required.map((node) => `"${nameOf(node)}"`).join(', ') || 'none'}`,
      );
      assert.equal(
        await view.locator('#dialog select[required][aria-required="true"]').count(),
        requiredControls.filter((control) => control.type === 'select').length,
        'the required select is required',
      );

      // The Gating table in a narrow panel (below 640 px): its column headers are still the cells' headers.
      await editor.page.setViewportSize({ width: 1000, height: 900 });
      await waitUntil(async () => (await panelWidth()) < 640, 'the panel narrower than 640 px');
      await showGating();
      tree = await accessibilityTree();
      const headers = tree.filter((node) => roleOf(node) === 'columnheader').map(nameOf);
      assert.deepEqual(headers, ['Tool', 'Category', 'The gate', 'Why (the first one wins)'], 'the column headers');
      const rows = tree.filter((node) => roleOf(node) === 'row');
      assert.equal(
        rows.length,
        (await view.locator('#gating-tools tr').count()) + 1,
        'the header row and one per tool',
      );
      const cells = tree.filter((node) => roleOf(node) === 'cell');
      assert.equal(cells.length, 4 * (rows.length - 1), 'four cells per tool');
      await workbench.screenshot('a11y-gating-narrow');
      await editor.page.setViewportSize({ width: 1280, height: 900 });
      await view.locator('#tab-menu').click();
    }),
);

/** The webview's width in CSS px. */
async function panelWidth(): Promise<number> {
  return workbench
    .webview()
    .locator('html')
    .evaluate((html) => (html as { clientWidth: number }).clientWidth);
}

/**
 * Runs in the webview: how far the page scrolls sideways, and every entry whose title is cut short or overlapped by
 * one of its badges.
 */
async function reflowProblems(): Promise<{ overflow: number; entries: string[] }> {
  return workbench
    .webview()
    .locator('html')
    .evaluate((html) => {
      type Box = { left: number; right: number; top: number; bottom: number };
      type Element = {
        scrollWidth: number;
        clientWidth: number;
        textContent: string | null;
        getBoundingClientRect(): Box;
        querySelector(selector: string): Element | null;
        querySelectorAll(selector: string): ArrayLike<Element>;
      };
      const root = html as Element;
      const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      const entries: string[] = [];
      for (const entry of Array.from(root.querySelectorAll('#entries .entry'))) {
        const title = entry.querySelector('.entry-title');
        if (!title) continue;
        const name = title.textContent ?? '';
        if (title.scrollWidth > title.clientWidth) entries.push(`${name}: its title is cut short`);
        const box = title.getBoundingClientRect();
        for (const badge of Array.from(entry.querySelectorAll('.badge')))
          if (overlap(box, badge.getBoundingClientRect()))
            entries.push(`${name}: the ${badge.textContent} badge overlaps its title`);
        const entryBox = entry.getBoundingClientRect();
        for (const badge of Array.from(entry.querySelectorAll('.badge'))) {
          const badgeBox = badge.getBoundingClientRect();
          if (badgeBox.right > entryBox.right + 0.5) entries.push(`${name}: the ${badge.textContent} badge sticks out`);
        }
      }
      return { overflow: root.scrollWidth - root.clientWidth, entries };
    });
}

/** Resizes the window until the preview (beside the editor) is `width` CSS px wide; returns the width it got. */
async function narrowPanelTo(width: number, height: number): Promise<number> {
  let viewport = (await editor.page.viewportSize())?.width ?? 1280;
  for (let attempt = 0; attempt < 6; attempt++) {
    const now = await panelWidth();
    if (now === width) return now;
    viewport += 2 * (width - now);
    await editor.page.setViewportSize({ width: viewport, height });
    await waitUntil(async () => (await panelWidth()) !== now, 'the panel resized', 5_000).catch(() => undefined);
  }
  return panelWidth();
}

test(
  'the preview reflows down to 320 CSS px (and at 200 % zoom): no sideways scroll, no badge over a title',
  { timeout: 240_000 },
  () =>
    showing('reflow', async () => {
      const checkStates = async (label: string) => {
        const problems: string[] = [];
        for (const state of [
          { name: 'menu-one-file', enter: () => showMenu({ kind: 'file', names: ['report.md'] }) },
          { name: 'prompt-dialog', enter: showPromptDialog },
          { name: 'gating', enter: showGating },
        ]) {
          await state.enter();
          // The part each state is about, on screen for the screenshot.
          await workbench
            .webview()
            .locator(
              state.name === 'gating' ? '#gating-table' : state.name === 'prompt-dialog' ? '#dialog' : '#entries',
            )
            .scrollIntoViewIfNeeded();
          const { overflow, entries } = await reflowProblems();
          if (overflow > 0) problems.push(`${state.name}: scrolls ${overflow} px sideways`);
          problems.push(...entries.map((entry) => `${state.name}: ${entry}`));
          await workbench.screenshot(`a11y-reflow-${label}-${state.name}`);
        }
        return problems;
      };
      const problems: string[] = [];
      // 200 %: the audit's 1280 × 900 window at twice the size is 640 × 450 CSS px.
      await editor.page.setViewportSize({ width: 640, height: 450 });
      await waitUntil(async () => (await panelWidth()) < 320, 'the panel at 200 %');
      const zoomed = await panelWidth();
      for (const theme of themes) {
        await setTheme(theme.label);
        problems.push(
          ...(await checkStates(`200-${theme.slug}`)).map(
            (problem) => `200 % (${zoomed} px), ${theme.label}: ${problem}`,
          ),
        );
      }
      // 320 CSS px wide, WCAG's reflow width.
      await setTheme('Light+');
      const width = await narrowPanelTo(320, 900);
      assert.ok(Math.abs(width - 320) <= 2, `the panel is ${width} px wide`);
      problems.push(...(await checkStates('320')).map((problem) => `320 px: ${problem}`));
      await editor.page.setViewportSize({ width: 1280, height: 900 });
      assert.deepEqual(problems, []);
    }),
);

test("the preview's tab icon follows the theme and stands out from the tab (3:1)", { timeout: 90_000 }, () =>
  showing('tab-icon', async () => {
    const tab = editor.page.locator('.tabs-container .tab', { hasText: 'Context Menu' }).first();
    const icons = new Map<string, string>();
    const problems: string[] = [];
    for (const theme of themes) {
      await setTheme(theme.label);
      const { image, background } = await tab.evaluate((node) => {
        type Element = { querySelector(selector: string): Element | null; parentElement: Element | null };
        const page = globalThis as unknown as {
          getComputedStyle(element: Element, pseudo?: string): { backgroundImage: string; backgroundColor: string };
        };
        const icon = (node as Element).querySelector('.monaco-icon-label-iconpath') ?? (node as Element);
        // The tab's own background, or the first opaque one behind it.
        let background = 'rgb(255, 255, 255)';
        for (let element: Element | null = node as Element; element; element = element.parentElement) {
          const colour = page.getComputedStyle(element).backgroundColor;
          const alpha = (colour.match(/[\d.]+/g) ?? []).map(Number)[3];
          if (colour !== 'transparent' && (alpha === undefined || alpha > 0.5)) {
            background = colour;
            break;
          }
        }
        return { image: page.getComputedStyle(icon).backgroundImage, background };
      });
      const url = /url\("?([^")]+)"?\)/.exec(image)?.[1];
      assert.ok(url, `the tab shows an icon in ${theme.label} (${image})`);
      const svg = await (await editor.page.request.get(new URL(url, editor.page.url()).toString())).text();
      const colours = [...new Set([...svg.matchAll(/(?:fill|stroke)="(#[0-9a-fA-F]{6})"/g)].map((match) => match[1]))];
      assert.ok(colours.length > 0, `the icon's colours in ${theme.label}: ${svg}`);
      for (const colour of colours) {
        const contrast = contrastRatio(colour, background);
        if (contrast < 3) problems.push(`${theme.label}: ${colour} on ${background} is ${contrast.toFixed(2)}:1`);
      }
      icons.set(theme.label, colours.join(' '));
    }
    assert.notEqual(icons.get('Light+'), icons.get('Dark+'), 'the icon is drawn in a colour of each theme');
    assert.deepEqual(problems, []);
  }),
);

/** WCAG's contrast ratio of two colours given as #rrggbb or rgb(…). */
function contrastRatio(a: string, b: string): number {
  const channels = (colour: string) =>
    colour.startsWith('#')
      ? [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16))
      : (colour.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = (colour: string) => {
    const [r, g, b] = channels(colour).map((value) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** Polls `check` until it holds. */
async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}
