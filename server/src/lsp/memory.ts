import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** A manifest this long or longer gives its memory back when it closes: its parse holds some 5 bytes of heap per character. */
export const largeManifestLength = 256 * 1024;

let collectGarbage: (() => void) | undefined;
let unavailable = false;
let scheduled = false;

/**
 * Asks for one full garbage collection once the server is idle. V8 collects its old generation
 * lazily, when it reaches a limit that grows with the heap: the parse of a closed manifest (tens of
 * MiB for a 5,000-tool one) would stay in the process, and its resident memory is what the user
 * sees, long after the document is gone. Node offers no collection without the --expose-gc flag, and
 * the server is started by editors we do not control: the flag is set at run time and `gc` taken
 * from a fresh context, as Jest's leak detector does. Where that is refused, memory is left to V8.
 */
export function releaseMemorySoon(log: (message: string) => void): void {
  if (scheduled || unavailable) return;
  scheduled = true;
  setImmediate(() => {
    scheduled = false;
    try {
      if (!collectGarbage) {
        setFlagsFromString('--expose-gc');
        collectGarbage = runInNewContext('gc') as () => void;
      }
      collectGarbage();
    } catch (error) {
      unavailable = true;
      log(`Memory of closed manifests is left to the JavaScript engine: a full collection cannot be requested (${(error as Error).message}).`);
    }
  });
}
