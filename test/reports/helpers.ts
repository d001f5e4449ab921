/** Shared by the report tests: a scratch folder and a scenario with hostile names. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function scratch(prefix = 'warcast-report-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export const HOSTILE = '<script>alert(1)</script>';

/** The example battle with user text that would run script if it were not escaped. */
export function hostileScenario(dir: string): string {
  const file = join(dir, 'hostile.yaml');
  writeFileSync(
    file,
    `kind: war-machine
title: "</script><script>alert(2)</script> & <!-- ford"
sides:
  - name: "${HOSTILE}"
    troops: 800
    battleRating: 72
    tactic: attack
  - name: "Men of \\"Kelvin\\" <img src=x onerror=alert(3)> \\u2028"
    troops: 400
    battleRating: 90
    tactic: hold
`,
  );
  return file;
}
