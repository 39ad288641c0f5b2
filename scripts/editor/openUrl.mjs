// Opening the workbench's address in the user's own browser, the way each system does it; or the reason it
// cannot be done here, for npm start to print beside the address.
import { spawn } from 'node:child_process';

/**
 * How to open `url` in the user's browser on `platform` with `env`: the command and its arguments, or why
 * there is none. On Linux and the BSDs, xdg-open when there is a display (DISPLAY or WAYLAND_DISPLAY set);
 * without one (an SSH session, a container, CI) no browser could show it. macOS: open. Windows: start
 * (a built-in of cmd, run with the arguments as written, where an unquoted `&` would end the
 * command: escaped as ^&).
 * @param {string} url
 * @param {{ platform: NodeJS.Platform, env: NodeJS.ProcessEnv }} where
 * @returns {{ command: string, args: string[] } | { reason: string }}
 */
export function browserCommand(url, { platform, env }) {
  if (platform === 'darwin') return { command: 'open', args: [url] };
  if (platform === 'win32')
    return { command: 'cmd.exe', args: ['/d', '/s', '/c', 'start', '""', url.replace(/[&^]/g, '^$&')] };
  if (env.DISPLAY || env.WAYLAND_DISPLAY) return { command: 'xdg-open', args: [url] };
  return { reason: 'no display here (DISPLAY and WAYLAND_DISPLAY are not set)' };
}

/** How long an opener has to fail before it is taken to have opened the page. */
const openerGraceMs = 3000;

/**
 * Opens `url` in the user's browser; resolves with why it was not opened, or undefined once the opener has run
 * without failing: it exited with 0, or it still runs after a few seconds (xdg-open without a desktop
 * environment runs the browser itself, until the browser is closed). The opener's own output is not shown.
 * @param {string} url
 * @returns {Promise<string | undefined>}
 */
export function openInBrowser(url) {
  const how = browserCommand(url, { platform: process.platform, env: process.env });
  if ('reason' in how) return Promise.resolve(how.reason);
  return new Promise((resolve) => {
    const child = spawn(how.command, how.args, {
      stdio: 'ignore',
      detached: true,
      windowsVerbatimArguments: process.platform === 'win32',
    });
    const settle = (/** @type {string | undefined} */ why) => {
      clearTimeout(timer);
      resolve(why);
    };
    const timer = setTimeout(() => settle(undefined), openerGraceMs);
    child.on('error', (error) => settle(`${how.command} could not run (${error.message})`));
    child.on('exit', (code, signal) =>
      settle(code === 0 ? undefined : `${how.command} ended with ${code ?? signal} without opening it`),
    );
    child.unref();
  });
}
