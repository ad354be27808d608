import { describe, expect, it } from 'vitest';
import { verdict, type AuditReport } from './audit.js';

const report = (counts: Record<string, number>, vulnerabilities: AuditReport['vulnerabilities'] = {}) => ({
  metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, ...counts } },
  vulnerabilities,
});

describe('npm audit verdict', () => {
  it('when only low and moderate advisories exist, then it passes', () => {
    expect(verdict(report({ low: 2, moderate: 1 })).outcome).toBe('pass');
  });

  it('when a high or critical advisory exists, then it fails and names the package', () => {
    const result = verdict(report({ high: 1 }, { semver: { name: 'semver', severity: 'high', range: '<7.5.2' } }));
    expect(result).toMatchObject({ outcome: 'fail', findings: ['high: semver <7.5.2'] });
    expect(verdict(report({ critical: 1 })).outcome).toBe('fail');
  });

  it('when the advisory service answers an error, then it is unchecked, not passed', () => {
    const answer = { message: '405 Method Not Allowed - POST .../advisories/bulk', statusCode: 405 };
    const result = verdict(answer);
    expect(result).toEqual({ outcome: 'unchecked', reason: '405 Method Not Allowed - POST .../advisories/bulk' });
  });
});
