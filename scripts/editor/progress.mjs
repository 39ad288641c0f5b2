// What the editor scripts print about an install: sizes, the plan before it starts, its progress while it
// runs, and a line of someone else's output (a log's tail). Pure, but for folderSize: test/scripts/ tests them.
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;

/**
 * A size as a person reads it: bytes below 1 KiB, then KiB, MiB (one decimal below 10) and GiB (one
 * decimal), rounded down so that a size is never said to be larger than it is.
 * @param {number} bytes
 */
export function formatSize(bytes) {
  if (!Number.isFinite(bytes) || bytes < 0) return '? B';
  const down = (/** @type {number} */ value, /** @type {number} */ decimals) =>
    (Math.floor(value * 10 ** decimals) / 10 ** decimals).toFixed(decimals);
  if (bytes < KiB) return `${Math.floor(bytes)} B`;
  if (bytes < MiB) return `${Math.floor(bytes / KiB)} KiB`;
  if (bytes < GiB) return `${down(bytes / MiB, bytes < 10 * MiB ? 1 : 0)} MiB`;
  return `${down(bytes / GiB, 1)} GiB`;
}

/**
 * A duration as the scripts say it: "42 s", "4 min 53 s".
 * @param {number} ms
 */
export function formatDuration(ms) {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/**
 * One progress line of an install: how much of it is on disk so far against what it holds when done (an
 * estimate, said as one), and the time it has taken: "code-server: 212 MiB of about 591 MiB on disk (35 %),
 * 1 min 40 s". Past the estimate, no percentage. While it compiles (`activity`), the bytes on disk hardly move:
 * what it does is said instead of a percentage.
 * @param {{ name: string, bytes: number, expectedBytes: number, elapsedMs: number, activity?: string }} progress
 */
export function progressText({ name, bytes, expectedBytes, elapsedMs, activity }) {
  const time = formatDuration(elapsedMs);
  if (activity) return `${name}: ${activity}, ${formatSize(bytes)} on disk so far, ${time}`;
  if (!(expectedBytes > 0)) return `${name}: ${formatSize(bytes)} on disk so far, ${time}`;
  if (bytes >= expectedBytes)
    return `${name}: ${formatSize(bytes)} on disk (about ${formatSize(expectedBytes)} expected), ${time}`;
  const percent = Math.floor((bytes / expectedBytes) * 100);
  return `${name}: ${formatSize(bytes)} of about ${formatSize(expectedBytes)} on disk (${percent} %), ${time}`;
}

/** The programs node-gyp runs to build a native module: make, and the compiler, assembler and linker it runs. */
const buildPrograms = new Set(['make', 'gmake', 'cc', 'gcc', 'g++', 'c++', 'cc1', 'cc1plus', 'as', 'ld', 'collect2']);

/**
 * What an install is doing, from the names of the processes under it (never shown: only matched against our
 * own list): compiling native modules, or undefined when that cannot be told.
 * @param {string[]} commands
 */
export function installActivity(commands) {
  return commands.some((command) => buildPrograms.has(command)) ? 'compiling native modules' : undefined;
}

/**
 * The names of the processes below `pid` (their `comm`), from /proc: none where there is no /proc.
 * @param {number} pid
 * @returns {string[]}
 */
export function descendantCommands(pid) {
  /** @type {Map<number, { parent: number, command: string }>} */
  const processes = new Map();
  let entries;
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  for (const entry of entries) {
    try {
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so the fields follow its last ")".
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const parent = Number(stat.slice(close + 2).split(' ')[1]);
      processes.set(Number(entry), { parent, command: stat.slice(stat.indexOf('(') + 1, close) });
    } catch {
      // Ended while we looked.
    }
  }
  const below = new Set([pid]);
  const commands = [];
  for (let grew = true; grew;) {
    grew = false;
    for (const [id, { parent, command }] of processes) {
      if (below.has(id) || !below.has(parent)) continue;
      below.add(id);
      commands.push(command);
      grew = true;
    }
  }
  return commands;
}

/**
 * @typedef {{ name: string, from: string, bytes: number, minutes: string }} PlannedInstall
 * One thing to install: what (`name`), where it comes from, about how much disk it takes, how long.
 */

/**
 * What a first run will install, said before it starts: each thing, where it comes from, how large and
 * how long (estimates), where it goes, and the total. Nothing to install: undefined.
 * @param {{ installs: PlannedInstall[], cacheDir: string, debianPackages: string[] }} plan
 * @returns {string | undefined}
 */
export function installPlanText({ installs, cacheDir, debianPackages }) {
  if (installs.length === 0 && debianPackages.length === 0) return undefined;
  const lines = [];
  if (installs.length > 0) {
    const total = installs.reduce((sum, install) => sum + install.bytes, 0);
    lines.push(`First run: installing into ${cacheDir} (FILER_TOOLS_CACHE sets another folder), once:`);
    for (const install of installs)
      lines.push(`  - ${install.name} from ${install.from}: about ${formatSize(install.bytes)}, ${install.minutes}`);
    lines.push(`  about ${formatSize(total)} of disk in all; later runs reuse it.`);
  }
  if (debianPackages.length > 0)
    lines.push(
      `Debian packages, with apt-get --no-upgrade as root (else the command is printed): ${debianPackages.join(' ')}`,
    );
  return lines.join('\n');
}

/**
 * What every control and bidirectional character of `text` would do to a terminal, shown as an escape
 * instead (`\x1b`, `\r`, `\u202e`), with GitHub's workflow commands (`::x::` at the start of a line, `##[x]`
 * anywhere) broken: for a line of someone else's output, such as a log's tail, printed among ours.
 * @param {string} text
 */
export function shownLine(text) {
  return text
    .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (character) => {
      const code = character.charCodeAt(0);
      return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
    })
    .replace(/(##(?:vso)?)\[/gi, '$1\\x5b')
    .replace(/^(\s*):(?=:)/, '$1\\x3a');
}

/**
 * The bytes of the regular files under `dir` (links not followed), 0 when it is not there: how far an
 * install into it has got.
 * @param {string} dir
 */
export function folderSize(dir) {
  let total = 0;
  const pending = [dir];
  while (pending.length > 0) {
    const current = /** @type {string} */ (pending.pop());
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else if (entry.isFile()) {
        try {
          total += lstatSync(path).size;
        } catch {
          // Removed while we looked (npm moves files around): not there.
        }
      }
    }
  }
  return total;
}
