/** Cascade ownership: who holds each location at the end of the round (the `cascade` result, issue 5). */
import { base, chartText, PALETTE, r6, type TopLevelSpec } from '../spec.js';

/**
 * - `locations`: display order (rows); `owners`: every possible owner (players, and e.g. "unchanged" or
 *   "NPC"), in legend order;
 * - `ownership`: P(`owner` holds `location` after the cascade), one entry per (location, owner) with p > 0;
 *   per location they sum to 1. Optional `lo`/`hi`: 95% interval (tooltip only).
 * One stacked bar per location, segments labelled when wide enough.
 */
export interface CascadeOwnershipInput {
  locations: string[];
  owners: string[];
  ownership: { location: string; owner: string; probability: number; lo?: number; hi?: number }[];
}

export function cascadeOwnershipChart(input: CascadeOwnershipInput): TopLevelSpec {
  const i: CascadeOwnershipInput = {
    locations: input.locations.map(chartText),
    owners: input.owners.map(chartText),
    ownership: input.ownership.map((o) => ({ ...o, location: chartText(o.location), owner: chartText(o.owner) })),
  };
  const values = i.ownership.map((o) => ({
    location: o.location,
    owner: o.owner,
    order: i.owners.indexOf(o.owner),
    p: r6(o.probability),
    lo: o.lo === undefined ? null : r6(o.lo),
    hi: o.hi === undefined ? null : r6(o.hi),
  }));
  const range = i.owners.map((_, k) => PALETTE[k % PALETTE.length]);
  const y = { field: 'location', type: 'nominal' as const, sort: i.locations, title: null, axis: { labelLimit: 220 } };
  const x = { field: 'p', type: 'quantitative' as const, stack: 'zero' as const, scale: { domain: [0, 1] }, axis: { format: '.0%' }, title: 'probability of holding it' };
  return {
    ...base('Who holds what', 'probability of each owner holding each location after the round'),
    description: 'Cascade ownership probabilities per location.',
    width: 520,
    height: { step: 30 },
    data: { values },
    encoding: { y, x, order: { field: 'order', type: 'quantitative' } },
    layer: [
      {
        mark: 'bar',
        encoding: {
          color: { field: 'owner', type: 'nominal', scale: { domain: i.owners, range }, legend: { orient: 'top', title: null, labelLimit: 200 } },
          tooltip: [
            { field: 'location', type: 'nominal' },
            { field: 'owner', type: 'nominal' },
            { field: 'p', type: 'quantitative', format: '.2%', title: 'probability' },
            { field: 'lo', type: 'quantitative', format: '.2%', title: '95% low' },
            { field: 'hi', type: 'quantitative', format: '.2%', title: '95% high' },
          ],
        },
      },
      {
        transform: [{ filter: 'datum.p >= 0.08' }],
        mark: { type: 'text', color: 'white', fontSize: 11, xOffset: -3, align: 'right' },
        encoding: { text: { field: 'p', type: 'quantitative', format: '.0%' } },
      },
    ],
  };
}
