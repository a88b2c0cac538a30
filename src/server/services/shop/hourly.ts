/** Runs `check` a minute after start (or `firstMs`), then hourly (or `everyMs`); neither timer keeps the process alive. Returns the stop. */
export function checkHourly(check: () => void, firstMs = 60_000, everyMs = 60 * 60_000): () => void {
  const first = setTimeout(check, firstMs);
  const every = setInterval(check, everyMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
