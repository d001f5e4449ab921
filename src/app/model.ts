/**
 * The what-if page's engine (`warcast app`): pure functions over a scenario document, no DOM and no Node
 * built-ins, so the same code runs in the page and in the tests that check it against the CLI.
 */
import { bestReplies, casualtyCumulative, casualtyDistributions, exactOdds, sideRatings, type OddsResult } from '../analysis/odds.js';
import { compileCells, exactMatchup, solveGame, type ExactMatchup, type SolvedGame } from '../analysis/matchup.js';
import { compileWarMachine } from '../kinds/warMachine/plan.js';
import { parseWarMachine, type WarMachineScenario } from '../kinds/warMachine/schema.js';
import { exactFromCounts } from '../kinds/warMachine/kernel.js';
import { parseScenarioText } from '../scenario/source.js';
import { TACTICS, type Tactic } from '../rules/warMachine/tactics.js';

/** A scenario as written (YAML/JSON document), before validation: what the form edits and the URL carries. */
export type ScenarioDocument = Record<string, unknown> & { sides: Record<string, unknown>[] };

/** Validate a document exactly as the CLI does (same messages; `file` names it in errors). */
export function validateDocument(doc: unknown, file = '<page>'): WarMachineScenario {
  return parseWarMachine(parseScenarioText(JSON.stringify(doc, null, 2), file));
}

/** Parse scenario text (YAML or JSON) into a document; throws the CLI's one-line error. */
export function documentOf(text: string, file = '<scenario>'): ScenarioDocument {
  const source = parseScenarioText(text, file);
  parseWarMachine(source);
  return source.data as ScenarioDocument;
}

/**
 * The object `warcast odds FILE --exact --json` prints, built the same way (src/analysis/odds.ts `oddsOf`
 * with `exact`), except `elapsedMs`, which is 0 here. test/app/model.test.ts checks it against `odds()`.
 */
export function exactOddsResult(scenario: WarMachineScenario): OddsResult {
  const compiled = compileWarMachine(scenario);
  const exact = exactOdds(compiled);
  const weights = exactFromCounts(compiled.plan.pairCount, compiled.codeCounts, compiled.pairs.map((p) => p.probability));
  const distributions = casualtyDistributions(compiled, weights, 1);
  return {
    kind: 'war-machine',
    title: scenario.title ?? null,
    method: 'exact',
    seed: 42,
    trials: 0,
    threads: 0,
    precision: null,
    interrupted: false,
    elapsedMs: 0,
    sides: [scenario.sides[0].name, scenario.sides[1].name],
    policies: scenario.policies,
    ratings: sideRatings(compiled, scenario),
    ...exact,
    winCi95: null,
    exact,
    bestReply: bestReplies(scenario),
    casualtyDistributions: distributions,
    casualtyCumulative: casualtyCumulative(distributions),
    convergence: null,
    engagement: null,
  };
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
  const loss = (i: 0 | 1) => `${r.sides[i]} ${num(Math.round(r.casualties[i].mean))} (${num(Math.round(r.casualties[i].dead.mean))} dead)`;
  return `→ ${r.sides[fav]} ${r.win[fav] === r.win[1 - fav] ? 'even' : 'favoured'}: ${pct(r.win[fav])} to win; expected losses ${loss(0)}, ${loss(1)}`;
}

/** The form's fields for one side. `battleRating` null: the BR is computed from the scenario's BFR or force factors. */
export interface SideFields {
  name: string;
  troops: number;
  battleRating: number | null;
  bonus: number;
  defending: boolean;
  /** A pure tactic, 'none' (tactics not used), or 'mix' (the scenario's mix, kept as written). */
  tactic: Tactic | 'none' | 'mix';
}

export interface FormFields {
  sides: [SideFields, SideFields];
  tie: 'reroll' | 'defender' | 'attacker' | 'stalemate';
}

export function fieldsOf(doc: ScenarioDocument): FormFields {
  const side = (s: Record<string, unknown>): SideFields => ({
    name: String(s.name ?? ''),
    troops: Number(s.troops ?? 0),
    battleRating: typeof s.battleRating === 'number' ? s.battleRating : null,
    bonus: typeof s.bonus === 'number' ? s.bonus : 0,
    defending: s.defending === true,
    tactic: s.tactic === undefined ? 'none' : typeof s.tactic === 'string' ? (s.tactic as Tactic) : 'mix',
  });
  const policies = (doc.policies ?? {}) as Record<string, unknown>;
  return { sides: [side(doc.sides[0]), side(doc.sides[1])], tie: (policies.tie as FormFields['tie']) ?? 'reroll' };
}

/**
 * The document with the form's values written in. A BR typed in replaces a computed one (BFR, force factors,
 * and the statements that only count when the BR is computed); left empty, the original's BR source stays.
 */
export function applyFields(original: ScenarioDocument, f: FormFields): ScenarioDocument {
  const sides = original.sides.map((orig, i) => {
    const v = f.sides[i];
    const s: Record<string, unknown> = { ...orig, name: v.name, troops: v.troops, bonus: v.bonus, defending: v.defending };
    if (v.battleRating !== null) {
      delete s.basicForceRating;
      delete s.forceFactors;
      delete s.statements;
      if (s.makeup && typeof s.makeup === 'object') {
        const { mounted: _m, ...rest } = s.makeup as Record<string, unknown>;
        s.makeup = rest;
      }
      s.battleRating = v.battleRating;
    }
    if (v.tactic === 'none') delete s.tactic;
    else if (v.tactic !== 'mix') s.tactic = v.tactic;
    return s;
  });
  return { ...original, policies: { ...((original.policies as object) ?? {}), tie: f.tie }, sides };
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
