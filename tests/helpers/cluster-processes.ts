import { readdirSync, statSync } from 'node:fs';

/**
 * Every process working in a cluster's folder: the server and its backends (backends rename their
 * command line, but all keep the cluster as their working folder). Matched by the folder's device and
 * inode, not its path: run as root, the server sees the cluster through a mount of its own under
 * another path, which is what /proc/<pid>/cwd then names.
 */
export function clusterProcesses(cluster: string): number[] {
  let target: { dev: number; ino: number };
  try {
    target = statSync(cluster);
  } catch {
    return [];
  }
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const cwd = statSync(`/proc/${pid}/cwd`);
        return cwd.dev === target.dev && cwd.ino === target.ino;
      } catch {
        return false; // gone meanwhile, or not ours to inspect
      }
    })
    .map(Number);
}
