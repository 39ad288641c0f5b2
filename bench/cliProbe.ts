/**
 * Preloaded into a run of the CLI by the hostile section (`node -r out/bench/cliProbe.js dist/cli.js check …`): when
 * the process exits, normally or by process.exit or an uncaught exception, it writes its CPU time (user + system,
 * every thread) and its peak RSS (getrusage's maxrss) as one JSON object to the file named by FILER_BENCH_PROBE.
 * A process killed by a signal or aborted by V8 writes nothing: the bench reports it as crashed.
 */
import { writeFileSync } from 'node:fs';

const probeFile = process.env.FILER_BENCH_PROBE;
if (probeFile) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(
      probeFile,
      JSON.stringify({ cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000, peakKiB: usage.maxRSS }),
    );
  });
}
