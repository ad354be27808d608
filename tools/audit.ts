// `npm run audit`: no high or critical advisory in the packages the store runs with (dev tools
// excluded). Where npm's advisory service cannot be reached (this workplace's registry answers its
// bulk endpoint with 405), it says so plainly and does not pretend the check passed.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BLOCKING = ['high', 'critical'];

/** The part of one `npm audit --json` answer (or of its error) that the verdict reads. */
export interface AuditReport {
  metadata?: { vulnerabilities?: Record<string, number> };
  vulnerabilities?: Record<string, { name: string; severity: string; range?: string }>;
  message?: string;
  error?: { summary?: string };
}

export type Verdict =
  | { outcome: 'unchecked'; reason: string }
  | { outcome: 'fail'; findings: string[]; counts: Record<string, number> }
  | { outcome: 'pass'; counts: Record<string, number> };

/**
 * What one `npm audit --json` answer means: `unchecked` when the service gave no report, `fail`
 * with the findings when any is high or critical, `pass` otherwise.
 */
export function verdict(report: AuditReport | undefined): Verdict {
  const counts = report?.metadata?.vulnerabilities;
  if (!counts) return { outcome: 'unchecked', reason: report?.message ?? report?.error?.summary ?? 'no report' };
  const findings = Object.values(report.vulnerabilities ?? {})
    .filter((finding) => BLOCKING.includes(finding.severity))
    .map((finding) => `${finding.severity}: ${finding.name} ${finding.range ?? ''}`.trim());
  const blocking = BLOCKING.reduce((sum, level) => sum + (counts[level] ?? 0), 0);
  return blocking > 0 ? { outcome: 'fail', findings, counts } : { outcome: 'pass', counts };
}

function main() {
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
  let report: AuditReport;
  try {
    report = JSON.parse(run.stdout) as AuditReport;
  } catch {
    report = { message: (run.stderr || run.stdout).trim().split('\n').pop() ?? '' };
  }
  const result = verdict(report);
  if (result.outcome === 'unchecked') {
    console.log(`npm audit: NOT CHECKED: the advisory service gave no report (${result.reason}).`);
    return 0;
  }
  console.log(`npm audit (production dependencies): ${JSON.stringify(result.counts)}`);
  if (result.outcome === 'fail') {
    console.error(`High or critical advisories:\n  ${result.findings.join('\n  ')}`);
    return 1;
  }
  console.log('npm audit: no high or critical advisory.');
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(main());
