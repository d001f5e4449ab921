/** `march --report` and `divided --report`: the report folder with each new chart and result.json = --json. */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';

const dir = mkdtempSync(join(tmpdir(), 'warcast-campaign-report-'));

async function report(args: string[], out: string, charts: string[]) {
  const io = memoryIo();
  expect(await runCli([...args, '--report', join(dir, out), '--json'], io)).toBe(0);
  for (const c of charts)
    for (const ext of ['vl.json', 'svg', 'png'])
      expect(existsSync(join(dir, out, `${c}.${ext}`)), `${c}.${ext}`).toBe(true);
  const page = readFileSync(join(dir, out, 'index.html'), 'utf8');
  expect(JSON.parse(readFileSync(join(dir, out, 'result.json'), 'utf8'))).toEqual(JSON.parse(io.stdout));
  return page;
}

describe('campaign reports', () => {
  it('a forced march into battle: arrival-by-day curve, fatigue, the battle on arrival', async () => {
    const page = await report(['march', 'examples/forced-march-into-battle.yaml'], 'march', [
      'march-arrival',
      'march-fatigue',
      'march-battle',
    ]);
    expect(page).toContain('Arrival by day');
    expect(page).toContain('arrives and wins');
  }, 60_000);
  it("a divided battle: the pairings' odds and the splits", async () => {
    const page = await report(['divided', 'examples/divided-forces.yaml'], 'divided', [
      'divided-pairings',
      'divided-splits',
    ]);
    expect(page).toContain('Wins the day');
  }, 60_000);
});
