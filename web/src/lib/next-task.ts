/**
 * Resolves in a task of its own: start-up work awaited in pieces lets the browser paint and
 * answer input between them, instead of one long task (Total Blocking Time on a slow phone).
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
