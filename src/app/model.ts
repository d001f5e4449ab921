/**
 * The what-if page's engine (`warcast app`): pure functions over a scenario document, no DOM and no Node
 * built-ins, so the same code runs in the page and in the tests that check it against the CLI.
 */
import { oddsResultOf, type OddsResult } from '../kinds/warMachine/result.js';
import {
  compileCells,
  exactMatchup,
  solveGame,
  type ExactMatchup,
  type SolvedGame,
} from '../kinds/warMachine/tacticGame.js';
import { compileWarMachine } from '../kinds/warMachine/plan.js';
import { parseWarMachine, type WarMachineScenario } from '../kinds/warMachine/schema.js';
import { jsonSource, parseScenarioText } from '../scenario/source.js';
import { TACTICS, type Tactic } from '../rules/warMachine/tactics.js';
import {
  CHOICE_ADJUSTMENTS,
  CHOICE_LINES,
  CHOICE_RULES,
  DEFENDER_ADJUSTMENTS,
  FLAG_ADJUSTMENTS,
  type ChoiceGroup,
} from '../rules/warMachine/adjustments.js';
import { STATEMENTS, statementsFromMakeup, type StatementKey } from '../rules/warMachine/battleRating.js';
import { FORCE_FACTOR_LINES } from '../rules/warMachine/forceRating.js';

/** A scenario as written (YAML/JSON document), before validation: what the form edits and the URL carries. */
export type ScenarioDocument = Record<string, unknown> & { sides: Record<string, unknown>[] };

/**
 * Validate a document exactly as the CLI does (same messages; `file` names it in errors). Its JSON text is read
 * as JSON (`jsonSource`): YAML's parse of it, three quarters of a validation, runs only to place an error.
 */
export function validateDocument(doc: unknown, file = '<page>'): WarMachineScenario {
  return parseWarMachine(jsonSource(JSON.stringify(doc, null, 2), file));
}

/** Parse scenario text (YAML or JSON) into a document; throws the CLI's one-line error. */
export function documentOf(text: string, file = '<scenario>'): ScenarioDocument {
  const source = parseScenarioText(text, file);
  parseWarMachine(source);
  return source.data as ScenarioDocument;
}

/**
 * The object `warcast odds FILE --exact --json` prints, built by the same function (src/kinds/warMachine/odds.ts
 * `oddsResultOf`, no run), with `elapsedMs` 0. test/app/model.test.ts checks it against `odds()`. The page's answer
 * to an edit leaves out the best replies (`{ bestReply: false }`), which it does not draw.
 */
export function exactOddsResult(scenario: WarMachineScenario, parts: { bestReply?: boolean } = {}): OddsResult {
  return oddsResultOf(scenario, compileWarMachine(scenario), { seed: 42, precision: null }, null, null, parts);
}

/** The JSON export: `warcast odds --exact --json` without `elapsedMs` (the one field that is not the answer). */
export function exportJson(result: OddsResult): string {
  const { elapsedMs: _elapsed, ...rest } = result;
  return JSON.stringify(rest, null, 2) + '\n';
}

/** The whole tactic game, exact: P(A wins) per tactic pair and the Nash mixes (as `warcast matchup`). */
export function exactGame(scenario: WarMachineScenario): { cells: ExactMatchup; game: SolvedGame } {
  const cells = exactMatchup(compileCells(scenario));
  return { cells, game: solveGame(cells.payoff) };
}

/** The verdict line, in the CLI's words (src/cli/odds.ts `formatOdds`). */
export function verdictLine(r: OddsResult, pct: (p: number) => string, num: (n: number) => string): string {
  const fav: 0 | 1 = r.win[0] >= r.win[1] ? 0 : 1;
  const loss = (i: 0 | 1) =>
    `${r.sides[i]} ${num(Math.round(r.casualties[i].mean))} (${num(Math.round(r.casualties[i].dead.mean))} dead)`;
  const lead =
    r.win[fav] === r.win[1 - fav]
      ? `${r.sides[0]} and ${r.sides[1]} even: ${pct(r.win[fav])} each to win`
      : `${r.sides[fav]} favoured: ${pct(r.win[fav])} to win`;
  return `→ ${lead}; expected losses ${loss(0)}, ${loss(1)}`;
}

/** A force factor as the form shows it: its scenario path under `forceFactors`, label, input, default, sheet line. */
export interface FactorControl {
  key: string;
  path: [string] | [string, string];
  label: string;
  input: 'number' | 'checkbox' | 'select';
  options?: readonly string[];
  min: number;
  max: number;
  fallback: number | boolean | string;
  line: number;
}

const L = FORCE_FACTOR_LINES;
/** Every force factor of the scenario schema (src/kinds/warMachine/schema.ts), with the schema's defaults. */
export const FACTOR_CONTROLS: FactorControl[] = [
  {
    key: 'leaderLevel',
    path: ['leader', 'level'],
    label: "leader's level (monsters: HD)",
    input: 'number',
    min: 0,
    max: 100,
    fallback: 0,
    line: L.leaderLevel,
  },
  {
    key: 'intelligence',
    path: ['leader', 'intelligence'],
    label: "leader's Intelligence",
    input: 'number',
    min: 3,
    max: 18,
    fallback: 10,
    line: L.leaderAbilities,
  },
  {
    key: 'wisdom',
    path: ['leader', 'wisdom'],
    label: "leader's Wisdom",
    input: 'number',
    min: 3,
    max: 18,
    fallback: 10,
    line: L.leaderAbilities,
  },
  {
    key: 'charisma',
    path: ['leader', 'charisma'],
    label: "leader's Charisma",
    input: 'number',
    min: 3,
    max: 18,
    fallback: 10,
    line: L.leaderAbilities,
  },
  {
    key: 'nameLevelTroops',
    path: ['nameLevelTroops'],
    label: 'troops at name level (9th / 9 HD+)',
    input: 'number',
    min: 0,
    max: 1e9,
    fallback: 0,
    line: L.nameLevelTroops,
  },
  {
    key: 'officerCount',
    path: ['officers', 'count'],
    label: 'officers',
    input: 'number',
    min: 0,
    max: 1e9,
    fallback: 0,
    line: L.officers,
  },
  {
    key: 'officerLevel',
    path: ['officers', 'averageLevel'],
    label: 'average officer level',
    input: 'number',
    min: 0,
    max: 100,
    fallback: 0,
    line: L.officers,
  },
  {
    key: 'averageTroopLevel',
    path: ['averageTroopLevel'],
    label: 'average troop level',
    input: 'number',
    min: 0,
    max: 100,
    fallback: 0,
    line: L.averageTroopLevel,
  },
  {
    key: 'victories',
    path: ['victories'],
    label: 'victories in last 10 years',
    input: 'number',
    min: 0,
    max: 1000,
    fallback: 0,
    line: L.victories,
  },
  {
    key: 'routs',
    path: ['routs'],
    label: 'routs in last 10 years',
    input: 'number',
    min: 0,
    max: 1000,
    fallback: 0,
    line: L.routs,
  },
  {
    key: 'weeksTrained',
    path: ['weeksTrained'],
    label: 'weeks trained in past year',
    input: 'number',
    min: 0,
    max: 52,
    fallback: 0,
    line: L.weeksTrained,
  },
  {
    key: 'weeksWithLeader',
    path: ['weeksWithLeader'],
    label: 'weeks trained with leader',
    input: 'number',
    min: 0,
    max: 52,
    fallback: 0,
    line: L.weeksWithLeader,
  },
  {
    key: 'monthsOnDuty',
    path: ['monthsOnDuty'],
    label: 'months on duty in past year',
    input: 'number',
    min: 0,
    max: 12,
    fallback: 0,
    line: L.monthsOnDuty,
  },
  {
    key: 'weapons',
    path: ['weapons'],
    label: 'weapons',
    input: 'select',
    options: ['none', 'average', 'good', 'excellent'],
    min: 0,
    max: 0,
    fallback: 'none',
    line: L.weapons,
  },
  {
    key: 'secondWeapon',
    path: ['secondWeapon'],
    label: 'second weapon of same quality',
    input: 'checkbox',
    min: 0,
    max: 0,
    fallback: false,
    line: L.secondWeapon,
  },
  {
    key: 'armourClass5OrBetter',
    path: ['armourClass5OrBetter'],
    label: 'average AC 5 or better',
    input: 'checkbox',
    min: 0,
    max: 0,
    fallback: false,
    line: L.armourClass5OrBetter,
  },
  {
    key: 'allElvesOrDwarves',
    path: ['allElvesOrDwarves'],
    label: 'all elves or dwarves',
    input: 'checkbox',
    min: 0,
    max: 0,
    fallback: false,
    line: L.allElvesOrDwarves,
  },
  {
    key: 'twoAsteriskTroops',
    path: ['twoAsteriskTroops'],
    label: 'troops with two asterisks',
    input: 'number',
    min: 0,
    max: 1e9,
    fallback: 0,
    line: L.twoAsteriskTroops,
  },
];

/** An on/off adjustment as the form shows it: scenario key, group, rule words, value, sheet line. */
export interface FlagControl {
  key: string;
  group: string;
  rule: string;
  value: number;
  line: number;
  defenderOnly: boolean;
}

export const FLAG_CONTROLS: FlagControl[] = [
  ...Object.entries(FLAG_ADJUSTMENTS).map(([key, d]) => ({
    key,
    group: d.group as string,
    rule: d.rule as string,
    value: d.value as number,
    line: d.line as number,
    defenderOnly: false,
  })),
  ...Object.entries(DEFENDER_ADJUSTMENTS).map(([key, d]) => ({
    key,
    group: 'defender terrain (defenders only)',
    rule: d.rule as string,
    value: d.value as number,
    line: d.line as number,
    defenderOnly: true,
  })),
];

/** The "only one" groups: each option with its rule words, value and sheet line. */
export const CHOICE_CONTROLS = (Object.keys(CHOICE_ADJUSTMENTS) as ChoiceGroup[]).map((group) => ({
  group,
  line: CHOICE_LINES[group],
  options: Object.entries(CHOICE_ADJUSTMENTS[group]).map(([option, value]) => ({
    option,
    value: value as number,
    rule: option === 'none' ? 'none' : CHOICE_RULES[option],
    line: option === 'none' ? CHOICE_LINES[group] : CHOICE_LINES[option],
  })),
}));

export { STATEMENTS };

/** The form's fields for one side. `battleRating` null: the BR is computed (from the BFR, or else the force factors). */
export interface SideFields {
  name: string;
  troops: number;
  battleRating: number | null;
  /** Used when the BR is empty; null: the BFR is computed from the force factors. */
  basicForceRating: number | null;
  /** Every FACTOR_CONTROLS value by key (used when BR and BFR are empty). */
  factors: Record<string, number | boolean | string>;
  /** The statements that hold (listed, or derived from the make-up); they count when the BR is computed. */
  statements: StatementKey[];
  bonus: number;
  defending: boolean;
  /** A pure tactic, 'none' (tactics not used), or 'mix' (the scenario's mix, kept as written). */
  tactic: Tactic | 'none' | 'mix';
  /** Every FLAG_CONTROLS key: on or off. */
  flags: Record<string, boolean>;
  /** Each "only one" group's option ('none' when not used). */
  choices: Record<ChoiceGroup, string>;
}

export interface FormFields {
  sides: [SideFields, SideFields];
  tie: 'reroll' | 'defender' | 'attacker' | 'stalemate';
  /** Pursuit: battles over at most this many days (`engagement.maxDays`; 1: a single battle). Monte Carlo only. */
  days: number;
}

const record = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The statements a side's document makes true: listed ones win over the make-up's (docs/rules.md §2). */
function statementsOf(s: Record<string, unknown>): StatementKey[] {
  return Array.isArray(s.statements) ? (s.statements as StatementKey[]) : statementsFromMakeup(record(s.makeup));
}

export function fieldsOf(doc: ScenarioDocument): FormFields {
  const side = (s: Record<string, unknown>): SideFields => {
    const ff = record(s.forceFactors);
    const adj = record(s.adjustments);
    return {
      name: String(s.name ?? ''),
      troops: Number(s.troops ?? 0),
      battleRating: typeof s.battleRating === 'number' ? s.battleRating : null,
      basicForceRating: typeof s.basicForceRating === 'number' ? s.basicForceRating : null,
      factors: Object.fromEntries(
        FACTOR_CONTROLS.map((c) => {
          const v = c.path.length === 1 ? ff[c.path[0]] : record(ff[c.path[0]])[c.path[1]];
          return [c.key, typeof v === typeof c.fallback ? (v as number | boolean | string) : c.fallback];
        }),
      ),
      statements: statementsOf(s),
      bonus: typeof s.bonus === 'number' ? s.bonus : 0,
      defending: s.defending === true,
      tactic: s.tactic === undefined ? 'none' : typeof s.tactic === 'string' ? (s.tactic as Tactic) : 'mix',
      flags: Object.fromEntries(FLAG_CONTROLS.map((c) => [c.key, adj[c.key] === true])),
      choices: Object.fromEntries(
        CHOICE_CONTROLS.map((c) => [c.group, typeof adj[c.group] === 'string' ? (adj[c.group] as string) : 'none']),
      ) as Record<ChoiceGroup, string>,
    };
  };
  const policies = (doc.policies ?? {}) as Record<string, unknown>;
  const days = record(doc.engagement).maxDays;
  return {
    sides: [side(doc.sides[0]), side(doc.sides[1])],
    tie: (policies.tie as FormFields['tie']) ?? 'reroll',
    days: typeof days === 'number' ? days : 1,
  };
}

/** `forceFactors` from the form: the leader's level always, every other factor only where it is not the default. */
function forceFactorsOf(factors: SideFields['factors']): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of FACTOR_CONTROLS) {
    const v = factors[c.key] ?? c.fallback;
    if (c.path[0] === 'officers' || (v === c.fallback && c.key !== 'leaderLevel')) continue;
    if (c.path.length === 1) out[c.path[0]] = v;
    else out[c.path[0]] = { ...record(out[c.path[0]]), [c.path[1]]: v };
  }
  // The schema takes officers as a pair.
  if (factors.officerCount !== 0 || factors.officerLevel !== 0)
    out.officers = { count: factors.officerCount, averageLevel: factors.officerLevel };
  return out;
}

/**
 * The document with the form's values written in. A BR typed in replaces a computed one (BFR, force factors,
 * and the statements that only count when the BR is computed); left empty, the BFR typed in is used, and
 * left empty too, the force factors. Statements and adjustments are written only where they differ from the
 * document's, so an unedited form gives back the scenario as written.
 */
export function applyFields(original: ScenarioDocument, f: FormFields): ScenarioDocument {
  const sides = original.sides.map((orig, i) => {
    const v = f.sides[i];
    const s: Record<string, unknown> = {
      ...orig,
      name: v.name,
      troops: v.troops,
      bonus: v.bonus,
      defending: v.defending,
    };
    if (v.battleRating !== null) {
      delete s.basicForceRating;
      delete s.forceFactors;
      delete s.statements;
      if (s.makeup && typeof s.makeup === 'object') {
        const { mounted: _m, ...rest } = s.makeup as Record<string, unknown>;
        s.makeup = rest;
      }
      s.battleRating = v.battleRating;
    } else {
      delete s.battleRating;
      delete s.troopClass;
      if (v.basicForceRating !== null) {
        delete s.forceFactors;
        s.basicForceRating = v.basicForceRating;
      } else {
        delete s.basicForceRating;
        const was = fieldsOf({ sides: [orig, orig] }).sides[0].factors;
        const edited = orig.forceFactors === undefined || FACTOR_CONTROLS.some((c) => was[c.key] !== v.factors[c.key]);
        if (edited) s.forceFactors = forceFactorsOf(v.factors);
      }
      // Listed statements win over the make-up's: written only when the form's differ from the document's.
      const had = statementsOf(orig);
      if (had.length !== v.statements.length || !had.every((k) => v.statements.includes(k)))
        s.statements = STATEMENTS.map((x) => x.key).filter((k) => v.statements.includes(k));
    }
    const adj: Record<string, unknown> = { ...record(orig.adjustments) };
    for (const c of FLAG_CONTROLS) {
      if (v.flags[c.key]) adj[c.key] = true;
      else if (adj[c.key] !== false) delete adj[c.key];
    }
    for (const c of CHOICE_CONTROLS) {
      const chosen = v.choices[c.group];
      if (chosen !== undefined && chosen !== 'none') adj[c.group] = chosen;
      else if (adj[c.group] !== 'none') delete adj[c.group];
    }
    if (Object.keys(adj).length > 0) s.adjustments = adj;
    else delete s.adjustments;
    if (v.tactic === 'none') delete s.tactic;
    else if (v.tactic !== 'mix') s.tactic = v.tactic;
    return s;
  });
  const out: ScenarioDocument = {
    ...original,
    policies: { ...((original.policies as object) ?? {}), tie: f.tie },
    sides,
  };
  if (f.days !== fieldsOf(original).days) {
    if (f.days === 1) delete out.engagement;
    else out.engagement = { maxDays: f.days };
  }
  return out;
}

export { TACTICS };

/** The document in a URL hash: base64url of its JSON (UTF-8), so a link reproduces the page. */
export function hashOf(doc: ScenarioDocument): string {
  const bytes = new TextEncoder().encode(JSON.stringify(doc));
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return '#s=' + btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function documentFromHash(hash: string): ScenarioDocument | null {
  const m = /^#s=([A-Za-z0-9_-]+)$/.exec(hash);
  if (!m) return null;
  const b64 = m[1].replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as ScenarioDocument;
}

/** The trials `?trials=` may set, and the page's own Monte Carlo sizes it replaces. */
export const PAGE_TRIALS = { min: 100, max: 10_000_000 } as const;

/**
 * The page's Monte Carlo size from its address (`?trials=N`): every Monte Carlo the page starts by itself — the
 * pursuit's verdict, and the trials each Monte Carlo section starts with — runs to N trials instead of the page's
 * own (100,000; 20,000 for a cascade): fewer on a slow phone, more for narrower intervals. The query stays in the
 * link the page copies (the scenario is in the hash after it). `trials` is null without the parameter, or when its
 * value is refused: then `error` says why in one line and the page runs its own sizes.
 */
export function pageTrials(search: string): { trials: number | null; error: string } {
  const given = new URLSearchParams(search).get('trials');
  if (given === null) return { trials: null, error: '' };
  const n = /^\d{1,9}$/.test(given) ? Number(given) : NaN;
  if (n >= PAGE_TRIALS.min && n <= PAGE_TRIALS.max) return { trials: n, error: '' };
  return {
    trials: null,
    error: `?trials=${given.length > 24 ? `${given.slice(0, 24)}…` : given}: not a whole number of trials from 100 to 10,000,000; the page runs its own (100,000; a cascade 20,000)`,
  };
}
