/**
 * A task whose callers need a run that started after they called: one run at a time, and the calls
 * that come while one runs share the next. However many callers wait, at most two runs are in
 * flight (the one running, the one they wait for); `idle` settles when neither is.
 */
export function sharedFromNow<T>(task: () => Promise<T>): { (): Promise<T>; idle(): Promise<void> } {
  let running: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  const call = (): Promise<T> => {
    if (queued) return queued;
    if (!running) {
      running = task().finally(() => {
        running = undefined;
      });
      return running;
    }
    queued = running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return call();
      });
    return queued;
  };
  return Object.assign(call, {
    idle: async () => {
      await Promise.allSettled([running, queued]);
    },
  });
}
