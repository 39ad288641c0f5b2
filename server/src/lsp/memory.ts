import { host } from './host';

/**
 * A manifest this long or longer gives its memory back when it closes: its parse holds some 5 bytes of heap per
 * character.
 */
export const largeManifestLength = 256 * 1024;

/** How long the documents must stay quiet (no open, no edit) before a closed manifest's memory is given back. */
export const quietBeforeReleaseMs = 150;

let unavailable = false;
let pending: NodeJS.Timeout | undefined;

/**
 * Asks for one full garbage collection once the documents have been quiet for quietBeforeReleaseMs.
 * V8 collects its old generation lazily, when it reaches a limit that grows with the heap: the parse
 * of a closed manifest (tens of MiB for a 5,000-tool one) would stay in the process, and its resident
 * memory is what the user sees, long after the document is gone. Node offers no collection without
 * the --expose-gc flag, and the server is started by editors we do not control: the flag is set at
 * run time and `gc` taken from a fresh context, as Jest's leak detector does. Where that is refused,
 * memory is left to V8. Not at once: a user who closes one manifest and opens another would wait for
 * the collection (some 13 ms of CPU at 1,000 tools), and a burst of closes needs only one.
 */
export function releaseMemorySoon(log: (message: string) => void): void {
  if (unavailable) return;
  clearTimeout(pending);
  pending = setTimeout(() => {
    pending = undefined;
    try {
      const where = host();
      if (!where.collectGarbage) throw new Error(`not in ${where.runtime}`);
      where.collectGarbage();
    } catch (error) {
      unavailable = true;
      log(
        `Memory of closed manifests is left to the JavaScript engine: a full collection cannot be requested (${(error as Error).message}).`,
      );
    }
  }, quietBeforeReleaseMs);
}

/** A document was opened or edited: a pending collection waits until the documents are quiet again. */
export function postponeMemoryRelease(): void {
  pending?.refresh();
}
