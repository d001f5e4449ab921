/**
 * Native references (docs/benchmarks.md, "Native references"): the C programs of benchmarks/c/, compiled on first
 * use with the system's C compiler, and the text form of a compiled siege plan that benchmarks/c/siege.c reads.
 * A machine without a C compiler (or an install without benchmarks/c/) cannot run them: `nativeUnavailable` says
 * why, the suites that need them are then skipped with that reason, and the equality test says so too.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HISTOGRAM_BINS } from '../src/kinds/siege/codes.js';
import * as codes from '../src/kinds/siege/codes.js';
import { SIEGE_CHUNK, SQUARE, SUM, siegeLayout } from '../src/kinds/siege/kernel.js';
import type { SiegePlan } from '../src/kinds/siege/plan.js';
import { Stream } from '../src/rng/index.js';
import { RATIO_MODE, BOOK_RATIO_FLOOR } from '../src/rules/warMachine/adjustments.js';
import { ROW_COUNT } from '../src/rules/warMachine/results.js';
import { ARTILLERY_SPLIT } from '../src/rules/siege/casualties.js';
import { FATIGUE_BR } from '../src/rules/siege/supply.js';
import { DAMAGE_CLASSES, DAMAGE_PASS_PERCENT, MOUNT_RATIONS } from '../src/rules/siege/tables.js';

/** The C compiler: $CC, else `cc`. */
function compiler(): string {
  return process.env.CC || 'cc';
}

/** Flags: no fused multiply-add, so every floating-point operation rounds as V8's does (the equality test). */
const FLAGS = ['-O2', '-ffp-contract=off', '-pthread'];

const unavailable = new Map<string, string | null>();

/** Why benchmarks/c/NAME.c cannot be built here (no source, no compiler, a failed build), or null when it can. */
export function nativeUnavailable(root: string, name: string): string | null {
  if (!unavailable.has(name)) {
    let why: string | null = null;
    try {
      nativeProgram(root, name);
    } catch (err) {
      why = (err as Error).message;
    }
    unavailable.set(name, why);
  }
  return unavailable.get(name)!;
}

/**
 * The path of benchmarks/c/NAME.c compiled (into dist/benchmarks/c/, rebuilt when the source is newer; written to a
 * temporary name and renamed, so a stopped build leaves no half-written program). Throws one line saying why not.
 */
export function nativeProgram(root: string, name: string): string {
  const source = join(root, 'benchmarks', 'c', `${name}.c`);
  if (!existsSync(source)) throw new Error(`benchmarks/c/${name}.c is not in this install (a source checkout has it)`);
  const dir = join(root, 'dist', 'benchmarks', 'c');
  const program = join(dir, name);
  if (existsSync(program) && statSync(program).mtimeMs >= statSync(source).mtimeMs) return program;
  mkdirSync(dir, { recursive: true });
  const temp = `${program}.${process.pid}.tmp`;
  try {
    execFileSync(compiler(), [...FLAGS, '-o', temp, source, '-lm'], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: Buffer };
    if (e.code === 'ENOENT') throw new Error(`no C compiler: '${compiler()}' is not on PATH (set CC to use another)`);
    throw new Error(`${compiler()} could not build benchmarks/c/${name}.c: ${String(e.stderr ?? e.message).trim()}`);
  }
  renameSync(temp, program);
  return program;
}

const numbers = (xs: ArrayLike<number>): string => Array.from(xs, (x) => String(x)).join(' ');
const line = (name: string, xs: ArrayLike<number>): string => `${name} ${xs.length} ${numbers(xs)}`;

/**
 * A compiled siege plan as benchmarks/c/siege.c reads it: every numeric field and typed array of the plan, one a
 * line (`name count values…`, numbers in JavaScript's shortest round-trip form), then the rule constants and the
 * accumulator layout the kernel uses, so the C port takes them from the same source as the TS kernel.
 */
export function siegePlanText(plan: SiegePlan): string {
  const out: string[] = [];
  for (const [name, value] of Object.entries(plan)) {
    if (typeof value === 'number') out.push(line(name, [value]));
    else if (ArrayBuffer.isView(value)) out.push(line(name, value as unknown as ArrayLike<number>));
  }
  const c = codes;
  out.push(
    line('codes', [
      ...[c.A_DEPART, c.A_BOMBARD, c.A_HARASS, c.A_ASSAULT, c.A_BESIEGE, c.A_STORM],
      ...[c.D_STAY, c.D_SALLY, c.D_DEPART],
      ...[c.B_HARASS, c.B_ASSAULT, c.B_STORM, c.B_SALLY],
      ...[c.E_STORMED, c.E_STARVED, c.E_DEFENDERS_DEPART, c.E_ATTACKER_DEPARTS, c.E_ATTACKER_ROUTED],
      ...[c.E_ATTACKER_DESERTED, c.E_STANDING],
      ...[c.COND_NONE, c.COND_BREACH, c.COND_WEEK, c.COND_STARVING, c.COND_TROOPS_BELOW],
      ...[c.TIE_REROLL, c.TIE_STALEMATE, c.TIE_ATTACKER, c.TIE_DEFENDER],
      RATIO_MODE.down,
      RATIO_MODE.book,
    ]),
  );
  // Slot numbers in declaration order: siege.c checks them against its own (the port is out of date otherwise).
  out.push(
    line(
      'sums',
      Object.entries(SUM)
        .filter(([k]) => k !== 'count')
        .map(([, v]) => v),
    ),
  );
  out.push(
    line(
      'squares',
      Object.entries(SQUARE)
        .filter(([k]) => k !== 'count')
        .map(([, v]) => v),
    ),
  );
  const l = siegeLayout(plan);
  out.push(
    line('layout', [l.histograms, l.sums, l.supplyWeeks, l.supplyHistograms, l.supplySeries, l.squares, l.length]),
  );
  out.push(line('rule.chunkTrials', [SIEGE_CHUNK]));
  out.push(line('rule.stream', [Stream.siege]));
  out.push(line('rule.rowCount', [ROW_COUNT]));
  out.push(line('rule.histogramBins', [HISTOGRAM_BINS]));
  out.push(line('rule.fatigueBr', FATIGUE_BR));
  out.push(line('rule.mountRations', [MOUNT_RATIONS]));
  out.push(line('rule.ratioFloor', [BOOK_RATIO_FLOOR.num, BOOK_RATIO_FLOOR.den]));
  out.push(
    line('rule.artillerySplit', [
      ARTILLERY_SPLIT.harass.defender,
      ARTILLERY_SPLIT.harass.attacker,
      ARTILLERY_SPLIT.assault.defender,
      ARTILLERY_SPLIT.assault.attacker,
    ]),
  );
  out.push(
    line(
      'rule.passPercent',
      DAMAGE_CLASSES.map((k) => DAMAGE_PASS_PERCENT[k]),
    ),
  );
  return out.join('\n') + '\n';
}

/** Write `siegePlanText(plan)` to `file` (temp + rename). */
export function writeSiegePlan(file: string, plan: SiegePlan): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, siegePlanText(plan));
  renameSync(temp, file);
}

/** The C port's accumulator for these chunks (siege.c without --time): one number per slot. */
export function nativeSiegeAcc(
  program: string,
  planFile: string,
  seed: number,
  firstChunk: number,
  chunkCount: number,
  totalTrials: number,
): Float64Array {
  const text = execFileSync(
    program,
    [planFile, String(seed), String(firstChunk), String(chunkCount), String(totalTrials)],
    {
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    },
  );
  return Float64Array.from(text.trim().split('\n'), Number);
}
