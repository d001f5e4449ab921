/**
 * A report folder reserved before a run is released at exit by one listener for the process: a library caller or
 * an in-process fuzzer running thousands of commands added one per reservation (MaxListenersExceededWarning).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { releaseReservations, reserveReportFolder } from '../../reports/write.js';

it('reserving and releasing report folders many times adds at most one exit listener', () => {
  const dir = mkdtempSync(join(tmpdir(), 'warcast-reserve-'));
  try {
    const before = process.listenerCount('exit');
    for (let i = 0; i < 25; i++) {
      reserveReportFolder(join(dir, `report-${i}`), '--report');
      releaseReservations();
    }
    expect(process.listenerCount('exit')).toBeLessThanOrEqual(before + 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
