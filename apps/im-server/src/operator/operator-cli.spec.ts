import { renderTelemetrySummary } from './operator-cli';

describe('operator summary as text', () => {
  it('renders delays per hour with p50/p99 and a p99 bar, failures by code and events by kind', () => {
    const hour = Date.UTC(2026, 11, 7, 3);
    const lines = renderTelemetrySummary({
      appKey: 'app', since: hour - 3_600_000,
      delays: [{ hour: hour - 3_600_000, count: 4, p50: 20, p99: 60 }, { hour, count: 10, p50: 40, p99: 120 }],
      connectionFailures: [{ source: 'lbs', code: '503', count: 2 }, { source: 'socket', code: '(none)', count: 1 }],
      reporterEvents: { connection: 8, uploadFailure: 2 },
    });
    expect(lines).toContain(`  2026-12-07 02:00        4      20      60  ${'#'.repeat(15)}`);
    expect(lines).toContain(`  2026-12-07 03:00       10      40     120  ${'#'.repeat(30)}`);
    expect(lines).toContain(`  lbs    503                  2  ${'#'.repeat(30)}`);
    expect(lines).toContain(`  connection           8  ${'#'.repeat(30)}`);
    expect(lines.indexOf('  connection           8  ' + '#'.repeat(30))).toBeLessThan(lines.findIndex((l) => l.startsWith('  uploadFailure')));
  });

  it('says so when there is nothing yet', () => {
    const lines = renderTelemetrySummary({ appKey: 'app', since: 0, delays: [], connectionFailures: [], reporterEvents: {} });
    expect(lines).toEqual(expect.arrayContaining(['  no beacons', '  none']));
  });
});
