import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { editorTools } from './codeServer';

export interface EditorBrowser {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Every request to anything but loopback, which was aborted: a test fails when this is not empty. */
  blocked: string[];
  close(): Promise<void>;
}

const loopback = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Debian's Chromium, headless, that can reach loopback only: anything else is aborted and recorded. */
export async function openBrowser(viewport = { width: 1400, height: 900 }): Promise<EditorBrowser> {
  const tools = await editorTools('chromium');
  const browser = await chromium.launch({
    executablePath: tools.chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
    ],
  });
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const blocked: string[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || url.protocol === 'blob:' || loopback.has(url.hostname)) return route.continue();
    blocked.push(route.request().url());
    return route.abort('blockedbyclient');
  });
  const page = await context.newPage();
  return { browser, context, page, blocked, close: () => browser.close() };
}
