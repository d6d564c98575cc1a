/**
 * Notices changes to the users file made by `fleetroute users` in another process. The folder is watched,
 * not the file: every write replaces the file by a rename, which would end a watch on the old file.
 */
import { watch, type FSWatcher } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, dirname } from 'node:path';

/** Editors and the CLI produce several events per save; they are folded into one reload. */
const settleMs = 50;

export async function watchUsersFile(path: string, onChange: () => void, log: (message: string) => void): Promise<{ close(): void }> {
  // The folder may not exist yet when the accounts come from the environment only.
  await mkdir(dirname(path), { recursive: true });
  const name = basename(path);
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher;
  try {
    watcher = watch(dirname(path), { persistent: false }, (_event, filename) => {
      if (filename !== name) return;
      clearTimeout(timer);
      timer = setTimeout(onChange, settleMs);
    });
  } catch (error) {
    log(`users file changes will not be noticed (${(error as NodeJS.ErrnoException).code ?? 'watch failed'}); restart to apply them`);
    return { close() {} };
  }
  watcher.on('error', (error: NodeJS.ErrnoException) => log(`users file watch stopped (${error.code ?? 'error'}); restart to apply changes`));
  return {
    close() {
      clearTimeout(timer);
      watcher.close();
    },
  };
}
