/** The three results tables as printed (Dune page lines 38–66): rows, thresholds and open ends. */
import { describe, expect, it } from 'vitest';
import {
  houseRaidWealthLoss,
  HOUSE_RAID,
  LOSS_ALL,
  LOSS_NONE,
  LOSS_ONE,
  RAID,
  resultRow,
  rowLabel,
  SEIZURE,
  TABLES,
} from '../../src/rules/dune/tables.js';

describe('results tables', () => {
  it('cover every difference with contiguous rows', () => {
    for (const t of TABLES) {
      expect(t[0].min).toBe(-Infinity);
      expect(t[t.length - 1].max).toBe(Infinity);
      for (let i = 1; i < t.length; i++) expect(t[i].min).toBe(t[i - 1].max + 1);
    }
  });

  it('put the success threshold where the seed prints "Success!!!": raid 0, seizure +1, house raid −2', () => {
    const first = (type: number) => TABLES[type].find((r) => r.success)!;
    expect(rowLabel(first(RAID))).toBe('0');
    expect(rowLabel(first(SEIZURE))).toBe('+1');
    expect(rowLabel(first(HOUSE_RAID))).toBe('−2');
    for (const t of TABLES) for (let i = 1; i < t.length; i++) if (t[i - 1].success) expect(t[i].success).toBe(true);
  });

  it('reads the open ends and the seizure rows of the worked example', () => {
    expect(rowLabel(resultRow(RAID, -9))).toBe('−4 or lower');
    expect(resultRow(RAID, 7).damage).toBe(2);
    expect(resultRow(SEIZURE, 1)).toMatchObject({
      taken: true,
      attackerLoses: LOSS_ONE,
      defenderLoses: LOSS_ALL,
      damage: 1,
    });
    expect(resultRow(SEIZURE, 4)).toMatchObject({ taken: true, attackerLoses: LOSS_NONE, damage: 0 });
    expect(resultRow(SEIZURE, 0)).toMatchObject({
      taken: false,
      attackerLoses: LOSS_ONE,
      defenderLoses: LOSS_ONE,
      damage: 1,
    });
    expect(resultRow(HOUSE_RAID, 4)).toMatchObject({
      attackerLoses: LOSS_NONE,
      learnsAssets: true,
      halfToAttacker: true,
    });
  });

  it('takes min(cap, share of wealth) in a house raid', () => {
    expect(houseRaidWealthLoss(resultRow(HOUSE_RAID, -3), 5000)).toBe(1000);
    expect(houseRaidWealthLoss(resultRow(HOUSE_RAID, -3), 50_000)).toBe(2000);
    expect(houseRaidWealthLoss(resultRow(HOUSE_RAID, 2), 7000)).toBe(4200);
    expect(houseRaidWealthLoss(resultRow(HOUSE_RAID, 9), 20_000)).toBe(6000);
    expect(houseRaidWealthLoss(resultRow(HOUSE_RAID, -4), 20_000)).toBe(0);
  });
});
