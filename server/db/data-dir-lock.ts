import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `DATA_DIR ${dataDir} is in use by process ${pid}. The embedded database serves one process at a time: stop that process first, or use PostgreSQL (DATABASE_URL) to run several.`,
    );
    this.name = 'DataDirInUseError';
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes DATA_DIR for this process (a stale lock of a dead process is taken over); answers the release. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'brakehouse.pid');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8'));
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner))
        throw new DataDirInUseError(dataDir, owner);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}
