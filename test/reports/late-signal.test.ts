/**
 * A Ctrl-C or SIGTERM reaches JavaScript only between turns of the event loop: one that came while the last
 * files of a report were rendered and written (synchronous work) was seen after the folder had been replaced,
 * so the earlier report was lost and the command exited 0. Now the signal is looked for once the files are
 * staged and once the new folder is in place: the earlier report stays whole and nothing is written.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReportInterrupted, writeReport } from '../../reports/index.js';
import { oddsReport } from '../../reports/warMachine.js';
import { odds } from '../../src/kinds/warMachine/odds.js';
import { scratch } from './helpers.js';

const EXAMPLE = 'examples/orcs-vs-men.yaml';

describe('a signal late in report rendering', () => {
  it('a real signal sent while the last file is written: the report is not replaced (ReportInterrupted), the earlier one stays', async () => {
    const dir = join(scratch(), 'r');
    const full = oddsReport(await odds(EXAMPLE, { exact: true }), EXAMPLE);
    // One chart: the signal comes while files are written, after every chart is drawn (two reports of four drawn here).
    const kept = full.charts[0].name;
    const content = {
      ...full,
      charts: full.charts.slice(0, 1),
      document: full.document && {
        ...full.document,
        blocks: full.document.blocks.filter((b) => b.type !== 'chart' || b.name === kept),
      },
    };
    // Written with a signal that does not come: the checked path writes as before.
    await writeReport(dir, content, { pngScale: 0.1, signal: new AbortController().signal });
    expect(readFileSync(join(dir, 'result.json'), 'utf8')).toBe(content.resultJson);
    const before = readFileSync(join(dir, 'index.html'), 'utf8');

    const controller = new AbortController();
    const onSignal = () => controller.abort();
    process.once('SIGUSR2', onSignal);
    try {
      const late = { ...content, resultJson: '{"late": true}\n' };
      const write = writeReport(
        dir,
        late,
        { pngScale: 0.1, signal: controller.signal },
        {
          // The signal arrives while the files are written: its handler can only run after this synchronous stretch.
          afterFile: (name) => void (name === 'index.html' && process.kill(process.pid, 'SIGUSR2')),
        },
      );
      await expect(write).rejects.toBeInstanceOf(ReportInterrupted);
      expect(controller.signal.aborted).toBe(true);
      expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe(before);
      expect(readFileSync(join(dir, 'result.json'), 'utf8')).not.toContain('late');
    } finally {
      process.off('SIGUSR2', onSignal);
    }
  });
});
