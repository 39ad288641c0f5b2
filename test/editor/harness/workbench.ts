import type { FrameLocator, Locator, Page } from 'playwright-core';
import { join } from 'node:path';
import { screenshotDir } from './paths';

/** Ways to drive VS Code's workbench in the page, with the selectors that are stable in code-server 4.139. */
export class Workbench {
  constructor(readonly page: Page) {}

  async waitForLoaded(): Promise<void> {
    await this.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  }

  /**
   * Opens a workspace file with Quick Open and waits until its text is on screen. Quick Open can miss
   * a key on a loaded machine (a hover or the previous widget still has focus): it is tried up to three
   * times, and the row of the wanted file is clicked rather than whatever row comes first.
   */
  async openFile(relativePath: string, expectedText?: string): Promise<void> {
    const folder = relativePath.split('/').slice(-2, -1)[0] ?? '';
    for (let attempt = 1; ; attempt++) {
      try {
        await this.page.keyboard.press('Escape');
        await this.page.keyboard.press('Control+P');
        const input = this.page.locator('.quick-input-widget input');
        await input.waitFor({ timeout: 10_000 });
        await input.fill(relativePath);
        const row = this.page.locator('.quick-input-list .monaco-list-row', { hasText: folder }).first();
        await row.waitFor({ timeout: 15_000 });
        await row.click();
        // Without an expected text (the file may be scrolled anywhere), its tab becoming the active one shows it.
        if (expectedText === undefined)
          await this.page
            .locator('.editor-group-container.active .tab.active', { hasText: folder })
            .waitFor({ timeout: 15_000 });
        else
          await this.activeEditor()
            .locator('.view-line', { hasText: expectedText })
            .first()
            .waitFor({ timeout: 15_000 });
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  }

  /** The text editor that has focus or was last active (a workbench can show several). */
  activeEditor(): Locator {
    return this.page.locator('.editor-group-container.active .monaco-editor').first();
  }

  /** The editor's text, lines sorted by their position (the DOM order is not line order after edits). */
  async editorText(): Promise<string> {
    // Runs in the page; the repo compiles without the DOM library, hence the structural type.
    type LineElement = { style: { top: string }; textContent: string | null };
    return this.activeEditor().evaluate((editor) =>
      (Array.from(editor.querySelectorAll('.view-lines .view-line')) as LineElement[])
        .sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top))
        .map((line) => (line.textContent ?? '').replace(/\u00a0/g, ' '))
        .join('\n'),
    );
  }

  /** The innermost token span containing `text` in the active editor. */
  token(text: string): Locator {
    return this.activeEditor().locator('.view-lines .view-line span[class^="mtk"]', { hasText: text }).first();
  }

  /** Hovers a token until the hover widget shows text matching `expected`; returns the hover's text. */
  async hoverText(text: string, expected: RegExp): Promise<string> {
    const hover = this.page.locator('.monaco-hover:not(.hidden)');
    for (let attempt = 0; attempt < 5; attempt++) {
      await this.page.mouse.move(0, 0);
      await this.token(text).hover();
      try {
        await hover.filter({ hasText: expected }).first().waitFor({ timeout: 6_000 });
        return (await hover.filter({ hasText: expected }).first().innerText()).trim();
      } catch {
        // The first hover after a load can come before the server answers: move away and hover again.
      }
    }
    const seen = (await hover.allInnerTexts()).join(' | ');
    throw new Error(`no hover matching ${expected} over ${text} (seen: ${seen || 'nothing'})`);
  }

  /**
   * Runs a command by its title from the command palette. The palette can come up half drawn on a loaded machine (its
   * row found but never visible): it is closed and opened again, up to three times.
   */
  async runCommand(title: string, label?: RegExp): Promise<void> {
    // Click the row whose label is exactly the title (or matches `label`): fuzzy matching may rank another command
    // first.
    const exact = label ?? new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    for (let attempt = 1; ; attempt++) {
      try {
        await this.page.keyboard.press('Escape');
        await this.page.keyboard.press('Control+Shift+P');
        const input = this.page.locator('.quick-input-widget input');
        await input.waitFor({ timeout: 10_000 });
        await input.fill(`>${title}`);
        await this.page
          .locator('.quick-input-list .monaco-list-row')
          .filter({ has: this.page.locator('.label-name', { hasText: exact }) })
          .first()
          .click({ timeout: 10_000 });
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  }

  /** Picks a colour theme by its label through "Preferences: Color Theme". */
  async setColorTheme(label: string): Promise<void> {
    await this.runCommand('Preferences: Color Theme');
    const input = this.page.locator('.quick-input-widget input[placeholder*="Color Theme"]');
    await input.fill(label);
    // The row whose label is exactly the theme's: "Dark+" also matches other themes' rows.
    const exact = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    await this.page
      .locator('.quick-input-list .monaco-list-row')
      .filter({ has: this.page.locator('.label-name', { hasText: exact }) })
      .first()
      .click();
    await this.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  }

  /** The webview's content document (its iframe in an iframe). */
  webview(): FrameLocator {
    return this.page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
  }

  async screenshot(name: string): Promise<string> {
    const path = join(screenshotDir, `${name}.png`);
    await this.page.screenshot({ path });
    return path;
  }
}
