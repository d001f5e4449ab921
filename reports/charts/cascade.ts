/** Cascade ownership: who holds each location at the end of the round (the `cascade` result). */
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
  /** One colour per owner (aligned with `owners`): each player's own colour across the report. */
  colours?: string[];
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
  const range = input.colours ?? i.owners.map((_, k) => PALETTE[k % PALETTE.length]);
  const y = { field: 'location', type: 'nominal' as const, sort: i.locations, title: null, axis: { labelLimit: 220 } };
  const x = {
    field: 'p',
    type: 'quantitative' as const,
    stack: 'zero' as const,
    scale: { domain: [0, 1] },
    axis: { format: '.0%' },
    title: 'probability of holding it',
  };
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
          color: {
            field: 'owner',
            type: 'nominal',
            scale: { domain: i.owners, range },
            legend: { orient: 'top', title: null, labelLimit: 200 },
          },
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

/**
 * Legions lost per player: `losses[]` = P(`player` loses `lost` legions), for each count with p > 0; one
 * small bar chart per player (rows), counts on a shared axis.
 */
export interface CascadeLossesInput {
  players: string[];
  losses: { player: string; lost: number; probability: number }[];
  /** One colour per player (aligned with `players`). */
  colours?: string[];
}

export function cascadeLossesChart(input: CascadeLossesInput): TopLevelSpec {
  const players = input.players.map(chartText);
  const values = input.losses.map((l) => ({ player: chartText(l.player), lost: l.lost, p: r6(l.probability) }));
  const range = input.colours ?? players.map((_, k) => PALETTE[k % PALETTE.length]);
  return {
    ...base('What it costs', 'legions each player loses this round (militia not counted)'),
    description: 'Cascade: distribution of legions lost per player.',
    data: { values },
    facet: {
      row: {
        field: 'player',
        type: 'nominal',
        sort: players,
        title: null,
        header: { labelAngle: 0, labelAlign: 'left', labelLimit: 160 },
      },
    },
    spacing: 4,
    spec: {
      width: 420,
      height: 46,
      layer: [
        {
          mark: 'bar',
          encoding: {
            x: { field: 'lost', type: 'ordinal', axis: { labelAngle: 0 }, title: 'legions lost' },
            y: {
              field: 'p',
              type: 'quantitative',
              scale: { domain: [0, 1] },
              axis: { format: '.0%', tickCount: 2 },
              title: null,
            },
            color: { field: 'player', type: 'nominal', scale: { domain: players, range }, legend: null },
            tooltip: [
              { field: 'player', type: 'nominal' },
              { field: 'lost', type: 'ordinal', title: 'legions lost' },
              { field: 'p', type: 'quantitative', format: '.2%', title: 'probability' },
            ],
          },
        },
        {
          mark: { type: 'text', dy: -3, baseline: 'bottom', fontSize: 10 },
          encoding: {
            x: { field: 'lost', type: 'ordinal' },
            y: { field: 'p', type: 'quantitative' },
            text: { field: 'p', type: 'quantitative', format: '.0%' },
          },
        },
      ],
    },
  };
}

/** Garrison planning (`--rounds R`): P(each location still held by its owner) after each round. */
export interface CascadeHeldInput {
  locations: string[];
  held: { location: string; round: number; probability: number }[];
}

export function cascadeHeldChart(input: CascadeHeldInput): TopLevelSpec {
  const locations = input.locations.map(chartText);
  const values = input.held.map((h) => ({ location: chartText(h.location), round: h.round, p: r6(h.probability) }));
  const range = locations.map((_, k) => PALETTE[k % PALETTE.length]);
  return {
    ...base(
      'How long it is held',
      'probability each location is still held by its owner after each round (orders in the first, NPC attacks in all)',
    ),
    description: 'Cascade planning over rounds: P(still held) by round.',
    width: 520,
    height: 240,
    data: { values },
    mark: { type: 'line', point: true },
    encoding: {
      x: {
        field: 'round',
        type: 'quantitative',
        axis: { tickMinStep: 1 },
        scale: { zero: false },
        title: 'after round',
      },
      y: {
        field: 'p',
        type: 'quantitative',
        scale: { domain: [0, 1] },
        axis: { format: '.0%' },
        title: 'P(still held)',
      },
      color: {
        field: 'location',
        type: 'nominal',
        scale: { domain: locations, range },
        legend: { orient: 'right', title: null, labelLimit: 200 },
      },
      // Locations often overlap (all held, or all lost): each line also has its own dash and point shape.
      strokeDash: {
        field: 'location',
        type: 'nominal',
        scale: {
          domain: locations,
          range: locations.map(
            (_, k) =>
              [
                [1, 0],
                [6, 3],
                [2, 2],
                [8, 3, 2, 3],
              ][k % 4],
          ),
        },
        legend: { orient: 'right', title: null, labelLimit: 200 },
      },
      shape: {
        field: 'location',
        type: 'nominal',
        scale: {
          domain: locations,
          range: locations.map((_, k) => ['circle', 'square', 'triangle-up', 'diamond', 'cross'][k % 5]),
        },
        legend: { orient: 'right', title: null, labelLimit: 200 },
      },
      tooltip: [
        { field: 'location', type: 'nominal' },
        { field: 'round', type: 'quantitative' },
        { field: 'p', type: 'quantitative', format: '.2%', title: 'still held' },
      ],
    },
  };
}
