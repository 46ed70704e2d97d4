// Timing for benchmarks that compare two ways of doing one job in one process.

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

/**
 * Median ms of each function over `runs` rounds after a warm-up, the functions taking turns so a
 * change in the machine's load weighs on all of them alike. `cpu`: user + system CPU time of this
 * process instead of wall time (other processes on a shared machine weigh less on it).
 */
export function alternate(fns, runs, { cpu = false } = {}) {
  for (const fn of fns) fn();
  const times = fns.map(() => []);
  const now = cpu
    ? () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1000;
      }
    : () => performance.now();
  for (let i = 0; i < runs; i++) {
    fns.forEach((fn, f) => {
      const start = now();
      fn();
      times[f].push(now() - start);
    });
  }
  return times.map(median);
}
