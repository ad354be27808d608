// `npm run dev`: the store for development, in one terminal. The server runs from its sources under
// `tsx watch` (restarted on every change to them) on PORT (3000), and Vite serves the web app with hot
// reload on :5173, passing /api on to the server (vite.config.ts). Ctrl-C stops both; so does either
// one exiting.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from './lib/store-process.js';

const bin = (name: string) => path.join(PROJECT_ROOT, 'node_modules', '.bin', name);

const children: ChildProcess[] = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], { cwd: PROJECT_ROOT, stdio: 'inherit' }),
  spawn(bin('vite'), [], { cwd: PROJECT_ROOT, stdio: 'inherit' }),
];

// Ctrl-C in the terminal reaches the children as well; a second signal from here would make
// `tsx watch` kill the server in the middle of closing its database.
let interrupted = false;
const stopOthers = (signal: NodeJS.Signals) => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};

for (const child of children) {
  child.once('exit', (code) => {
    process.exitCode ||= code ?? 0;
    if (!interrupted) {
      interrupted = true;
      stopOthers('SIGTERM');
    }
  });
}
process.on('SIGINT', () => (interrupted = true));
process.on('SIGTERM', () => {
  if (interrupted) return;
  interrupted = true;
  stopOthers('SIGTERM');
});
