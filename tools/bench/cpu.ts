// How much of the machine other people's work took during a measurement: the CPU time of the whole
// machine (/proc/stat) minus that of our own processes (/proc/<pid>/stat: this one, the store, the
// bare server, our database's PostgreSQL backends). Several people share this machine; a number
// taken while they ran a build or a test suite is slower, and the tables say so. Linux only:
// elsewhere the meter answers undefined.
import { readFileSync } from 'node:fs';

/** Other work above this share of the machine (all cores) marks a measurement as noisy. */
export const NOISY_SHARE = 0.1;

/** The first line of /proc/stat: clock ticks since boot, per kind of CPU time. */
export function machineTimes(): number[] {
  // cpu user nice system idle iowait irq softirq steal (guest times are already in user and nice)
  const first = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  return first.trim().split(/\s+/).slice(1).map(Number);
}

function machineTicks() {
  const fields = machineTimes().slice(0, 8);
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
}

/** A process's user + system time in clock ticks (the unit of /proc/stat); undefined once gone. */
function processTicks(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

export interface CpuMeter {
  /** The share of the machine other processes used since the start, 0 to 1; undefined off Linux. */
  stop(oursAtEnd?: number[]): number | undefined;
}

/**
 * Starts metering. `ours` are the pids of our processes other than this one that run now; stop()
 * takes the pids that run at the end (a process started in between counts from zero) and answers
 * the share of the machine other processes used meanwhile, 0 to 1.
 */
export function startCpuMeter(ours: number[] = []): CpuMeter {
  let machine: { busy: number; total: number };
  try {
    machine = machineTicks();
  } catch {
    return { stop: () => undefined };
  }
  const baseline = new Map([process.pid, ...ours].map((pid) => [pid, processTicks(pid) ?? 0]));
  return {
    stop(oursAtEnd = ours) {
      const now = machineTicks();
      let ourTicks = 0;
      for (const pid of new Set([process.pid, ...oursAtEnd])) {
        const ticks = processTicks(pid);
        if (ticks !== undefined) ourTicks += ticks - (baseline.get(pid) ?? 0);
      }
      const total = now.total - machine.total;
      return total > 0 ? Math.min(1, Math.max(0, (now.busy - machine.busy - ourTicks) / total)) : undefined;
    },
  };
}

/** Other work's share as a table cell: "3 %", "35 % (noisy)". */
export const describeOtherWork = (share: number | undefined) =>
  share === undefined ? 'n/a' : `${Math.round(share * 100)} %${share > NOISY_SHARE ? ' (noisy)' : ''}`;
