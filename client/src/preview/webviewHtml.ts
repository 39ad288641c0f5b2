import * as vscode from 'vscode';

/**
 * The preview's page. Strict CSP: nothing but the extension's own stylesheet, font and one script
 * carrying a fresh nonce. No manifest text is in this HTML: the script renders it with textContent.
 */
export function previewHtml(webview: vscode.Webview, roots: { media: vscode.Uri; built: vscode.Uri }): string {
  const nonce = freshNonce();
  const uri = (root: vscode.Uri, ...segments: string[]) =>
    webview.asWebviewUri(vscode.Uri.joinPath(root, ...segments)).toString();
  const media = (...segments: string[]) => uri(roots.media, ...segments);
  // The script and the stylesheet as the build writes them (dist/media/, minified in the .vsix).
  const built = (name: string) => uri(roots.built, name);
  const csp = [
    "default-src 'none'",
    `style-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
    `img-src ${webview.cspSource}`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${media('codicons', 'codicon.css')}">
<link rel="stylesheet" href="${built('preview.css')}">
<title>Context Menu Preview</title>
</head>
<body>
<header class="header">
  <h1><span class="codicon codicon-list-selection" aria-hidden="true"></span> <span id="plugin-name">Context menu</span></h1>
  <p id="manifest-label" class="muted"></p>
</header>
<main>
  <div class="views" role="tablist" aria-label="Preview">
    <button type="button" role="tab" id="tab-menu" class="view-tab" aria-controls="menu-view" aria-selected="true"><span class="codicon codicon-list-selection" aria-hidden="true"></span> Context menu</button>
    <button type="button" role="tab" id="tab-gating" class="view-tab" aria-controls="gating-view" aria-selected="false" tabindex="-1"><span class="codicon codicon-shield" aria-hidden="true"></span> Gating</button>
  </div>
  <div id="menu-view" class="layout" role="tabpanel" aria-labelledby="tab-menu">
    <div class="choose">
      <section class="selection" aria-labelledby="selection-heading">
        <h2 id="selection-heading">Right-click on</h2>
        <div class="kinds" role="radiogroup" aria-labelledby="selection-heading">
          <label><input type="radio" name="kind" value="file" checked> <span class="codicon codicon-file" aria-hidden="true"></span> One file</label>
          <label><input type="radio" name="kind" value="files"> <span class="codicon codicon-files" aria-hidden="true"></span> Several files</label>
          <label><input type="radio" name="kind" value="folder"> <span class="codicon codicon-folder" aria-hidden="true"></span> A folder</label>
        </div>
        <label id="names-label" for="names">File name</label>
        <input id="names" type="text" spellcheck="false" autocomplete="off" aria-describedby="names-hint">
        <p id="names-hint" class="muted"></p>
      </section>
      <section class="menu" aria-labelledby="entries-heading">
        <h2 id="entries-heading">Menu entries</h2>
        <p id="problem" class="problem" role="status" hidden></p>
        <ul id="entries" class="entries" role="listbox" aria-labelledby="entries-heading" aria-describedby="entries-help"></ul>
        <p id="no-entries" class="muted" hidden>Filer offers nothing from this plugin for this selection.</p>
        <p id="menu-status" class="status" role="status"></p>
        <details id="excluded-section" hidden>
          <summary id="excluded-summary"></summary>
          <ul id="excluded" class="excluded"></ul>
        </details>
        <p id="entries-help" class="muted hint">Arrow keys, Home and End move; Enter or a click shows the dialog, Escape closes it; Alt+Enter, a double-click or Go to Action jumps to the manifest.</p>
        <div id="entry-meanings" hidden></div>
      </section>
    </div>
    <section id="dialog" class="dialog" aria-labelledby="dialog-heading" hidden>
      <h2 id="dialog-heading">Dialog</h2>
      <div id="dialog-body"></div>
    </section>
  </div>
  <div id="gating-view" class="gating" role="tabpanel" aria-labelledby="tab-gating" hidden>
    <p id="gating-summary" class="gating-summary"></p>
    <p id="gating-undeclared" class="muted"></p>
    <table id="gating-table" class="gating-table" role="table" aria-labelledby="tab-gating">
      <thead role="rowgroup"><tr role="row"><th scope="col" role="columnheader">Tool</th><th scope="col" role="columnheader">Category</th><th scope="col" role="columnheader">The gate</th><th scope="col" role="columnheader">Why (the first one wins)</th></tr></thead>
      <tbody id="gating-tools" role="rowgroup"></tbody>
    </table>
    <p class="muted hint">Click a tool (or press Enter on it) to select it in the manifest. When several annotations apply, the strictest wins.</p>
  </div>
</main>
<script nonce="${nonce}" src="${built('preview.js')}"></script>
</body>
</html>`;
}

/** 16 random bytes, in base64: Web Crypto, which both the desktop (Node) and the web (browser) extension hosts have. */
function freshNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
