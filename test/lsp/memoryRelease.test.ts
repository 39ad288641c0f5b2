/**
 * When the server gives a closed manifest's memory back: once the documents have been quiet, not
 * between a close and the next open (which would wait for the collection), and once for a burst.
 * Forced collections are counted from Node's performance timeline (a `gc()` call is flagged forced).
 */
import assert from 'node:assert/strict';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { test } from 'node:test';
import { postponeMemoryRelease, quietBeforeReleaseMs, releaseMemorySoon } from '../../server/src/lsp/memory';
import { nodeHost } from '../../server/src/host/nodeHost';
import { installHost } from '../../server/src/lsp/host';

// These tests run the server's modules without a server: on the disk, as the Node server does.
installHost(nodeHost);

async function countForcedCollections(during: () => Promise<void>): Promise<number> {
  let forced = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const flags = (entry as { detail?: { flags?: number } }).detail?.flags ?? 0;
      if (flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) forced++;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  try {
    await during();
    // The observer is told of an entry after it happened.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    observer.disconnect();
  }
  return forced;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const log = (message: string) => assert.fail(message);

test('a close is not followed at once by a collection: the next open does not wait for one', async () => {
  const forced = await countForcedCollections(async () => {
    releaseMemorySoon(log);
    await new Promise((resolve) => setImmediate(resolve));
  });
  assert.equal(forced, 0);
  // Give it back before the next test.
  await pause(quietBeforeReleaseMs * 4);
});

test('while documents keep opening and changing, the collection waits; once they are quiet it runs once', async () => {
  const whileBusy = await countForcedCollections(async () => {
    releaseMemorySoon(log);
    releaseMemorySoon(log);
    for (let i = 0; i < 6; i++) {
      await pause(quietBeforeReleaseMs / 3);
      postponeMemoryRelease();
    }
  });
  assert.equal(whileBusy, 0);
  const onceQuiet = await countForcedCollections(() => pause(quietBeforeReleaseMs * 10));
  assert.equal(onceQuiet, 1);
});
