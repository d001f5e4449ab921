/**
 * Records of battles as played, for `luck` and `infer`: the schema of one record in a log file, a record typed on
 * the command line (`--observed winner=B,row=9-15,losses=198/38,held=B`), and both turned into an
 * `ObservedBattle` against a battle's two sides (named by A/B or by name). Problems are one line naming where.
 */
import * as z from 'zod';
import { UsageError } from '../errors.js';
import { RESULTS_TABLE, ROW_COUNT, rowLabel } from '../rules/warMachine/results.js';
import type { PathSegment } from '../scenario/source.js';
import type { Held, ObservedBattle } from './luckExact.js';

const count = z.number().int().min(0).max(1e9);

/** One battle as a log records it: what happened, every field optional. */
export const battleRecordSchema = z.strictObject({
  /** A name for the battle in the output. */
  name: z.string().max(200).optional(),
  /** The battle's scenario file (relative to the log), when not the log's own. */
  scenario: z.string().min(1).max(4096).optional(),
  /** Whose luck (luck only): A, B or a side's name. */
  side: z.string().min(1).max(200).optional(),
  /** A, B, a side's name, or none (a standing tie or no battle). */
  winner: z.string().min(1).max(200).optional(),
  /** The results row by its band of differences, as the table prints it: 1-8, 9-15, … 151+. */
  row: z.union([z.string().max(20), z.number()]).optional(),
  /** The winner's combat-result difference (C_winner − C_loser; 0 for a tied roll given to the winner). */
  margin: count.optional(),
  /** Troops lost (dead and wounded) per side: A and B, or the sides' names. */
  losses: z.record(z.string().max(200), count).optional(),
  /** Who held the field: A, B, a side's name, both, neither, or no battle. */
  held: z.string().min(1).max(200).optional(),
});

export type BattleRecord = z.output<typeof battleRecordSchema>;

/** How a record's problem is reported: at a path of the record (a file's line, or the --observed text). */
export type RecordError = (path: PathSegment[], expected: string) => Error;

const BANDS = RESULTS_TABLE.map((_, r) => rowLabel(r));

/** A side named as A, B (or 0, 1) or by its name in the scenario. */
export function sideIndex(
  text: string,
  sides: readonly [string, string],
  err: RecordError,
  path: PathSegment[],
): 0 | 1 {
  const t = text.trim();
  if (t === 'A' || t === '0' || t === sides[0]) return 0;
  if (t === 'B' || t === '1' || t === sides[1]) return 1;
  throw err(path, `expected A, B or a side's name ('${sides[0]}' or '${sides[1]}'), got '${t}'`);
}

/** The record as an observation of a battle between `sides`. */
export function observationOf(r: BattleRecord, sides: readonly [string, string], err: RecordError): ObservedBattle {
  const o: ObservedBattle = {};
  if (r.winner !== undefined)
    o.winner = /^(none|no one|nobody|tie|no winner)$/i.test(r.winner.trim())
      ? null
      : sideIndex(r.winner, sides, err, ['winner']);
  if (r.row !== undefined) {
    const text = String(r.row).trim().replace(/[-—−]/g, '–');
    const row = BANDS.indexOf(text);
    if (row < 0 || typeof r.row === 'number')
      throw err(
        ['row'],
        `expected a band of the results table (${BANDS.join(', ')}), got '${r.row}' (the difference itself is margin)`,
      );
    o.row = row;
  }
  if (r.margin !== undefined) o.margin = r.margin;
  if ((o.row !== undefined || o.margin !== undefined) && (o.winner === undefined || o.winner === null))
    throw err([o.row !== undefined ? 'row' : 'margin'], 'a results row or margin needs the winner (winner: A or B)');
  if (o.row !== undefined && o.margin !== undefined) {
    const band = RESULTS_TABLE[o.row];
    if (o.margin !== 0 ? o.margin < band.min || o.margin > band.max : o.row !== 0)
      throw err(['margin'], `a margin of ${o.margin} is not in the row ${BANDS[o.row]} recorded`);
  }
  if (r.losses !== undefined) {
    const losses: [number | null, number | null] = [null, null];
    for (const [key, value] of Object.entries(r.losses)) losses[sideIndex(key, sides, err, ['losses', key])] = value;
    o.losses = losses;
  }
  if (r.held !== undefined) {
    const t = r.held.trim();
    // `none`, as the winner is written for no winner, reads as `neither`.
    o.held = ['both', 'neither', 'no battle', 'none'].includes(t)
      ? ((t === 'none' ? 'neither' : t) as Held)
      : sideIndex(
            t,
            sides,
            (p, e) => err(p, `${e.replace(/^expected /, 'expected both, neither (or none), no battle, ')}`),
            ['held'],
          ) === 0
        ? 'A'
        : 'B';
  }
  return o;
}

const KEYS = ['name', 'scenario', 'side', 'winner', 'row', 'margin', 'losses', 'held'] as const;

/**
 * `--observed` text as a record: `key=value` pairs separated by commas, e.g. `winner=B,row=9-15,losses=198/38,held=B`
 * (losses as A/B; either may be `?`). A malformed pair is a usage error naming the option.
 */
export function recordFromText(text: string, option = '--observed'): BattleRecord {
  const bad = (why: string) => new UsageError(`${option} '${text}': ${why}`);
  const r: Record<string, unknown> = {};
  for (const part of text.split(',').map((p) => p.trim())) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    if (eq < 0)
      throw bad(`expected key=value pairs (${KEYS.filter((k) => k !== 'scenario').join(', ')}), got '${part}'`);
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (!(KEYS as readonly string[]).includes(key) || key === 'scenario')
      throw bad(`unknown key '${key}' (expected ${KEYS.filter((k) => k !== 'scenario').join(', ')})`);
    if (key === 'margin') {
      if (!/^\d+$/.test(value)) throw bad(`margin: expected a whole number, got '${value}'`);
      r.margin = Number(value);
    } else if (key === 'losses') {
      const m = /^(\d+|\?)\s*\/\s*(\d+|\?)$/.exec(value);
      if (!m)
        throw bad(`losses: expected A's/B's troops lost, e.g. losses=198/38 (? for not recorded), got '${value}'`);
      const losses: Record<string, number> = {};
      if (m[1] !== '?') losses.A = Number(m[1]);
      if (m[2] !== '?') losses.B = Number(m[2]);
      r.losses = losses;
    } else r[key] = value;
  }
  return r as BattleRecord;
}

/** A record error on the command line: the --observed text and the field. */
export function observedError(text: string, option = '--observed'): RecordError {
  return (path, expected) =>
    new UsageError(`${option} '${text}': ${path.length > 0 ? `${path.join('.')}: ` : ''}${expected}`);
}

/** The row count, for callers checking a row index. */
export { ROW_COUNT };
