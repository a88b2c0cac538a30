/**
 * A task that runs one at a time. A call while it runs gets the run under way and asks for one more
 * after it (however many calls came meanwhile): what changed during a run is never missed, and runs
 * never overlap. The phone's catalogue sync and the outbox's flush both work this way.
 */
export function oneAtATime(task: () => Promise<void>) {
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = task().finally(() => {
      running = null;
      if (again) {
        again = false;
        void run();
      }
    });
    return running;
  };
  return {
    run,
    /** The run under way, if any. */
    running: () => running,
  };
}
