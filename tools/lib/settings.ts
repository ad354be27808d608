// The tools' settings from the environment, and a check that their ports are free.
import net from 'node:net';
import { HOST } from './store-process.js';

/** A whole number from the environment, or the fallback; exits with a message when it is not one. */
export function wholeNumber(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`${name}=${JSON.stringify(raw)}: must be a whole number from ${min} to ${max}`);
    process.exit(1);
  }
  return value;
}

/** Refuses to start when something already listens there: the load would hit that instead. */
export function assertPortFree(port: number, portVariable: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () =>
      reject(new Error(`port ${port} on ${HOST} is in use; choose another with ${portVariable}`)),
    );
    probe.listen(port, HOST, () => probe.close(() => resolve()));
  });
}
