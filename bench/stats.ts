/** The median of the samples; NaN for none (a figure that could not be measured). */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Wall time and process CPU time (every thread: the collector's helpers too), in ms. */
export interface Timing {
  wallMs: number;
  cpuMs: number;
}

/** What `action` returns, and how long it took. */
export function timed<T>(action: () => T): [T, Timing] {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = action();
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return [result, { wallMs, cpuMs: (used.user + used.system) / 1000 }];
}

/** The sum of several timings, wall and CPU each. */
export function totalOf(timings: Iterable<Timing>): Timing {
  let wallMs = 0;
  let cpuMs = 0;
  for (const timing of timings) {
    wallMs += timing.wallMs;
    cpuMs += timing.cpuMs;
  }
  return { wallMs, cpuMs };
}

/** One line per phase: the medians of its wall and CPU times. */
export function printPhases(phases: Map<string, Timing[]>, nameWidth: number): void {
  console.log(`  ${'phase'.padEnd(nameWidth)}${'wall'.padStart(8)}${'cpu'.padStart(8)}`);
  for (const [name, timings] of phases) {
    console.log(
      `  ${name.padEnd(nameWidth)}${median(timings.map((t) => t.wallMs))
        .toFixed(1)
        .padStart(8)}${median(timings.map((t) => t.cpuMs))
        .toFixed(1)
        .padStart(8)}`,
    );
  }
}
