// The page's main thread in a Chrome trace, and the time of its tasks, shared by the real profile
// (bench/profile-start.mjs) and the bench's Lighthouse pairs (bench/run.mjs).

/**
 * The events of the page's renderer main thread: the one that started the navigation to `url`. Not
 * the busiest renderer: Chromium's own browser-UI pages (the omnibox pop-up) run in renderers too.
 * Null when no navigation to `url` is in the trace.
 */
export function pageMainThread(traceEvents, url) {
  const nav = traceEvents.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url);
  if (!nav) return null;
  const events = traceEvents.filter(
    (e) => e.pid === nav.pid && e.tid === nav.tid && e.ph === 'X' && typeof e.dur === 'number',
  );
  const tasks = events
    .filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')
    // A task before the tasks inside it, even when both start at the same microsecond.
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  return { nav, events, tasks };
}

/**
 * The tasks' time in ms, a task inside another counted once: `wallMs` from each task's start to its
 * end, as Lighthouse's main-thread work counts it, and `cpuMs`, the time the thread ran on a CPU
 * in them (the trace's thread durations). On a shared machine the gap between the two is the time
 * the thread waited for a core other processes held, which moves from one load to the next
 * (docs/decisions/0031). `cpuMs` is null when a task has no thread duration in the trace: wall time
 * in its place would pass for CPU time.
 */
export function taskTimes(tasks) {
  let end = 0;
  let wall = 0;
  let cpu = 0;
  let unknown = 0;
  for (const task of tasks) {
    if (task.ts < end) continue;
    end = task.ts + task.dur;
    wall += task.dur;
    if (typeof task.tdur === 'number') cpu += task.tdur;
    else unknown += 1;
  }
  return { wallMs: Math.round(wall / 1000), cpuMs: unknown ? null : Math.round(cpu / 1000) };
}

/** The page's main-thread CPU time in one Lighthouse load (its report and trace), null when the trace cannot say. */
export function lighthouseCpuMs({ lhr, trace }) {
  const main = !lhr.runtimeError && trace && pageMainThread(trace.traceEvents, lhr.finalDisplayedUrl);
  return main ? taskTimes(main.tasks).cpuMs : null;
}
