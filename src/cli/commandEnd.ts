/** Work to do when a command ends however it ends (runCli's finally): e.g. give up a report folder's lock taken before the run. */
const tasks = new Set<() => void>();

/** Run `f` once when the current command ends. */
export function atCommandEnd(f: () => void): void {
  tasks.add(f);
}

/** Called by runCli when a command has ended. */
export function commandEnded(): void {
  for (const f of tasks) f();
  tasks.clear();
}
