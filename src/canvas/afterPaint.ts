let waiting: (() => void)[] = [];

function runWaiting(): void {
  const fns = waiting;
  waiting = [];
  for (const fn of fns) {
    try {
      fn();
    } catch (error) {
      // One failing part does not keep the others from running; the error is still reported.
      queueMicrotask(() => {
        throw error;
      });
    }
  }
}

/**
 * Runs `fn` once in a task after the next frame of a visible page (a task of its own otherwise, or when no frame
 * comes soon: a hidden tab paints none). It asks for no frame in the calling task. Everything asked for before that frame runs in the same task, so the
 * frame's own task schedules one frame callback and one timer however many parts wait for it.
 */
export function afterPaint(fn: () => void): void {
  waiting.push(fn);
  if (waiting.length > 1) return;
  const batch = waiting;
  const once = () => {
    if (waiting !== batch) return;
    runWaiting();
  };
  if (
    typeof document !== 'undefined' &&
    document.visibilityState === 'visible' &&
    typeof requestAnimationFrame === 'function'
  ) {
    // The frame is asked for from a task of its own, not from the task that made or applied the change: in a tab
    // that has no frame pending (the one receiving another tab's edit), requestAnimationFrame there cost about
    // 1 ms before the change reached the DOM. By the next task the change has asked for its frame itself.
    setTimeout(() => requestAnimationFrame(() => setTimeout(once, 0)), 0);
    setTimeout(once, 100);
  } else setTimeout(once, 0);
}
