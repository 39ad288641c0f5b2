// What the webview host gives the preview's script (media/preview.js): its one API, typed by the
// messages and the state of the contract, client/src/preview/messages.ts.
import type { PreviewState, WebviewMessage } from '../client/src/preview/messages';

declare global {
  /** Callable once per page: the channel to the extension and the state kept across reloads. */
  function acquireVsCodeApi(): {
    postMessage(message: WebviewMessage): void;
    getState(): PreviewState | undefined;
    setState(state: PreviewState): void;
  };
}
