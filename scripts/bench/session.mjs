// Everything a benchmark run starts (server processes, the bare server, temporary folders, throwaway
// databases, load generators, browsers) is registered here, so that it is undone in reverse order:
// as soon as its part of the run is done, on Ctrl-C, on an error, and at worst when the process exits.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HOST, isRunning, startServer, stopServer, waitUntilHealthy } from '../lib/store-process.mjs';

export const errorMessage = (error) => (error instanceof Error ? error.message : String(error));

export function createSession() {
  const owned = [];

  /** Closes one thing once; a failure to close is reported and does not stop the rest. */
  function release(entry) {
    entry.closing ??= (async () => {
      try {
        await entry.close();
      } catch (error) {
        console.error(`clean-up: could not close ${entry.label}: ${errorMessage(error)}`);
      } finally {
        entry.closed = true;
        const index = owned.indexOf(entry);
        if (index >= 0) owned.splice(index, 1);
      }
    })();
    return entry.closing;
  }

  // Last resort (the script crashed or called process.exit while something was still open): only
  // synchronous work can run here, so processes get SIGKILL and databases a synchronous psql.
  process.once('exit', () => {
    for (const entry of [...owned].reverse()) {
      if (entry.closed) continue;
      try {
        entry.kill();
      } catch {
        // Nothing more can be done while exiting.
      }
    }
  });

  const session = {
    interrupted: false,
    /**
     * Registers something to undo: `close` (may be async) is the orderly way, `kill` (synchronous)
     * the last resort on exit. Answers a function that closes it now (once; later calls wait for it).
     */
    own(label, { close, kill = close }) {
      const entry = { label, close, kill, closing: undefined, closed: false };
      owned.push(entry);
      // After Ctrl-C, whatever is still being started is closed at once and the run goes no further.
      if (session.interrupted) {
        release(entry);
        throw new Error('interrupted');
      }
      return () => release(entry);
    },
    /** Closes everything still open, newest first. */
    async closeAll() {
      for (const entry of [...owned].reverse()) await release(entry);
    },
  };
  return session;
}

/** A fresh temporary folder, deleted with the session. Answers { dir, remove }. */
export function makeTempDir(session, prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  return { dir, remove: session.own(`temporary folder ${dir}`, { close: removeDir }) };
}

/**
 * Starts the store (lib/store-process.mjs: `node dist/server/main.js` by default) and, unless
 * `waitForHealth` is false, waits until GET /api/health answers 200. Answers { server, stop }.
 */
export async function startStore(session, { port, waitForHealth = true, ...options }) {
  const baseUrl = `http://${HOST}:${port}`;
  const server = startServer({ port, baseUrl, ...options });
  const stop = session.own(`server process ${server.child.pid}`, {
    close: () => stopServer(server),
    kill: () => isRunning(server) && server.child.kill('SIGKILL'),
  });
  if (waitForHealth) {
    try {
      await waitUntilHealthy(baseUrl, server);
    } catch (error) {
      await stop();
      throw error;
    }
  }
  return { server, baseUrl, stop };
}
