/**
 * The what-if page's form, laid out as the War Machine sheet groups it — force, tactic, force factors,
 * statements, adjustments by group, policies — with the two sides side by side: one row per field, its words
 * and the sheet's line (a hint under the words) on the left, side A's control and side B's on the right. Every
 * control is a native input whose accessible name is the row's words and the side's name (aria-labelledby), so
 * Tab, Space and the arrows work and a screen reader says "troops, A: Orcs". Filled from and read into
 * FormFields (src/app/model.ts).
 */
import {
  CHOICE_CONTROLS,
  FACTOR_CONTROLS,
  FLAG_CONTROLS,
  STATEMENTS,
  TACTICS,
  type FormFields,
  type ScenarioDocument,
  type SideFields,
} from '../src/app/model.js';
import { TACTIC_LABELS, type Tactic } from '../src/rules/warMachine/tactics.js';
import { WAR_MACHINE_POLICY_DEFAULTS } from '../src/kinds/warMachine/schema.js';
import type { ChoiceGroup } from '../src/rules/warMachine/adjustments.js';
import type { StatementKey } from '../src/rules/warMachine/battleRating.js';
import { escapeHtml as esc } from '../src/present/escape.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const SIDES = [0, 1] as const;
const signed = (v: number) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0');
/** Where a rule is printed: docs/sources/war-machine-sheet.txt, by the sheet's own line numbers. */
const sheetLine = (line: number | string) => `sheet l. ${line}`;

/** A row's words (its accessible name with the side's) and the hint under them (its description). */
function rowHead(id: string, words: string, hint: string): string {
  return `<span class="what"><span id="${id}">${esc(words)}</span>${hint ? `<small class="hint" id="${id}-hint">${esc(hint)}</small>` : ''}</span>`;
}

/** Each side's control in a row: `control(i, names)` gets the aria attributes naming it. */
function row(id: string, words: string, hint: string, control: (i: 0 | 1, aria: string) => string): string {
  const aria = (i: 0 | 1) => `aria-labelledby="${id} side-${i}"${hint ? ` aria-describedby="${id}-hint"` : ''}`;
  return `<div class="row">${rowHead(id, words, hint)}${SIDES.map((i) => `<span class="side-cell">${control(i, aria(i))}</span>`).join('')}</div>`;
}

const numberInput = (i: 0 | 1, key: string, aria: string, extra = '') =>
  `<input id="s${i}-${key}" type="number" step="1" inputmode="numeric" ${aria}${extra}>`;
const checkbox = (i: 0 | 1, key: string, aria: string) => `<input id="s${i}-${key}" type="checkbox" ${aria}>`;

/** The column heads of a group: which side each column is (the names are in the form's first rows). */
const heads = `<div class="row heads" aria-hidden="true"><span></span><span>A</span><span>B</span></div>`;

function group(id: string, legend: string, body: string, extra = '', ticks = false): string {
  return `<fieldset class="group${ticks ? ' ticks' : ''}" id="${id}"${extra}><legend>${legend}</legend>${heads}${body}</fieldset>`;
}

function factorControl(i: 0 | 1, c: (typeof FACTOR_CONTROLS)[number], aria: string): string {
  const id = `s${i}-f-${c.key}`;
  if (c.input === 'checkbox') return `<input id="${id}" type="checkbox" ${aria}>`;
  if (c.input === 'select')
    return `<select id="${id}" ${aria}>${(c.options ?? []).map((o) => `<option>${o}</option>`).join('')}</select>`;
  const step = c.key === 'officerLevel' || c.key === 'averageTroopLevel' ? 'any' : '1';
  return `<input id="${id}" type="number" min="${c.min}" max="${c.max}" step="${step}" inputmode="decimal" ${aria}>`;
}

/**
 * The scenario's other policies (docs/rules.md, War Machine policies; the tie policy and the pursuit's days are
 * FormFields'): each a list of its values, or a check box (`values` null). Read and written by the page itself
 * (policiesOf / withPolicies), so an unedited form leaves the scenario's policies as written.
 */
export const POLICY_CONTROLS: {
  key: keyof typeof WAR_MACHINE_POLICY_DEFAULTS;
  label: string;
  hint: string;
  values: string[] | null;
}[] = [
  {
    key: 'ratioRounding',
    label: 'troop ratio between bands',
    hint: 'book: 1.01–1.5 gets +15 (RC l. 11136); up: any ratio above 1; down: the band below',
    values: ['book', 'up', 'down'],
  },
  {
    key: 'casualtyMod',
    label: "a tactic's casualty change",
    hint: 'additive: points on the percentage; multiplicative: a factor',
    values: ['additive', 'multiplicative'],
  },
  {
    key: 'averageRounding',
    label: 'officer and troop averages',
    hint: 'ceilAverage: rounded up; exact: kept, the BFR rounded down',
    values: ['ceilAverage', 'exact'],
  },
  {
    key: 'mercy',
    label: 'mercy (optional rule)',
    hint: "the loser's casualties halved, its wounded recovered (RC l. 11296)",
    values: null,
  },
  {
    key: 'pursue',
    label: 'the winner pursues',
    hint: 'with more than one day: always, or never (a single battle)',
    values: ['always', 'never'],
  },
];

/** Each policy of POLICY_CONTROLS as the document has it (its default when absent). */
export function policiesOf(doc: ScenarioDocument): Record<string, string | boolean> {
  const written = (doc.policies ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    POLICY_CONTROLS.map((c) => [
      c.key,
      (written[c.key] as string | boolean | undefined) ?? WAR_MACHINE_POLICY_DEFAULTS[c.key],
    ]),
  );
}

/** The document with the form's policies written in: only those that differ from the original's, so an unedited form changes nothing. */
export function withPolicies(doc: ScenarioDocument, original: ScenarioDocument): ScenarioDocument {
  const was = policiesOf(original);
  const changed = Object.fromEntries(
    POLICY_CONTROLS.map((c) => {
      const el = $<HTMLInputElement>(`policy-${c.key}`);
      return [c.key, c.values === null ? el.checked : el.value] as const;
    }).filter(([k, v]) => v !== was[k]),
  );
  return Object.keys(changed).length ? { ...doc, policies: { ...((doc.policies as object) ?? {}), ...changed } } : doc;
}

/** Sets the policy controls from the document. */
export function fillPolicies(doc: ScenarioDocument): void {
  const now = policiesOf(doc);
  for (const c of POLICY_CONTROLS) {
    const el = $<HTMLInputElement>(`policy-${c.key}`);
    if (c.values === null) el.checked = now[c.key] === true;
    else el.value = String(now[c.key]);
  }
}

/** On/off adjustments and "only one" choices, in the sheet's order (by line), each group under its name. */
function adjustmentGroups(): string {
  const flagGroups = [...new Set(FLAG_CONTROLS.map((c) => c.group))].map((g) => {
    const controls = FLAG_CONTROLS.filter((c) => c.group === g);
    return {
      line: Math.min(...controls.map((c) => c.line)),
      html:
        `<p class="sub">${esc(g)} <small>all that apply</small></p>` +
        controls
          .map((c) =>
            row(`l-a-${c.key}`, c.rule, `${signed(c.value)}, ${sheetLine(c.line)}`, (i, aria) =>
              checkbox(i, `a-${c.key}`, aria),
            ),
          )
          .join(''),
    };
  });
  const choiceGroups = CHOICE_CONTROLS.map((c) => ({
    line: c.line,
    html:
      `<p class="sub">${esc(c.group)} <small>only one, ${sheetLine(c.line)}</small></p>` +
      c.options
        .map((o) =>
          row(
            `l-c-${c.group}-${o.option}`,
            o.option === 'none' ? `no ${c.group} adjustment` : o.rule,
            o.option === 'none' ? '' : `${signed(o.value)}, ${sheetLine(o.line)}`,
            (i, aria) =>
              `<input id="s${i}-c-${c.group}-${o.option}" type="radio" name="s${i}-c-${c.group}" value="${o.option}" ${aria}>`,
          ),
        )
        .join(''),
  }));
  return [...flagGroups, ...choiceGroups]
    .sort((a, b) => a.line - b.line)
    .map((g) => g.html)
    .join('');
}

/**
 * The whole form. A tactic mix in the scenario is offered as "mix, as in the scenario". The force factors and
 * statements open when a side's BR is computed (they are what it is computed from).
 */
export function formHtml(doc: ScenarioDocument): string {
  const computed = doc.sides.some((s) => s.battleRating === undefined);
  const tactics = (i: 0 | 1) => {
    const t = doc.sides[i].tactic;
    return ['none', ...TACTICS, ...(t !== undefined && typeof t !== 'string' ? ['mix'] : [])];
  };
  const tacticLabel = (t: string) =>
    t === 'none' ? 'none (not used)' : t === 'mix' ? 'mix, as written' : TACTIC_LABELS[t as Tactic];
  const names = SIDES.map(
    (i) =>
      `<div class="name"><label for="s${i}-name">${i === 0 ? 'A' : 'B'}<span class="sr">: name</span></label><span class="sr" id="side-${i}">${i === 0 ? 'A' : 'B'}</span><input id="s${i}-name" type="text" maxlength="200" autocomplete="off" spellcheck="false"></div>`,
  ).join('');
  const force = group(
    'g-force',
    'Force',
    `<p class="sub">names</p>${names}` +
      row('l-troops', 'troops', '', (i, aria) => numberInput(i, 'troops', aria, ' min="1"')) +
      row('l-br', 'battle rating (BR)', 'empty: computed from the BFR or the force factors', (i, aria) =>
        numberInput(i, 'br', aria),
      ) +
      `<p class="note" id="br-note"><span id="s0-br-note"></span> <span id="s1-br-note"></span></p>` +
      row('l-bfr', 'basic force rating (BFR)', `used when the BR is empty, ${sheetLine('10–34')}`, (i, aria) =>
        numberInput(i, 'bfr', aria),
      ) +
      `<p class="note" id="bfr-note"><span id="s0-bfr-note"></span> <span id="s1-bfr-note"></span></p>` +
      row('l-bonus', 'bonus to the d100 roll', '', (i, aria) => numberInput(i, 'bonus', aria)) +
      row('l-defending', 'defending', '', (i, aria) => checkbox(i, 'defending', aria)),
  );
  const tactic = group(
    'g-tactic',
    'Tactic',
    row('l-tactic', 'tactic', '', (i, aria) => {
      const options = tactics(i)
        .map((t) => `<option value="${t}">${esc(tacticLabel(t))}</option>`)
        .join('');
      return `<select id="s${i}-tactic" ${aria}>${options}</select>`;
    }),
  );
  const factors = `<details class="block" id="d-factors"${computed ? ' open' : ''}><summary>Force factors <small>(when BR and BFR are empty)</small></summary>${group(
    'g-factors',
    'Force factors',
    FACTOR_CONTROLS.map((c) =>
      row(`l-f-${c.key}`, c.label, sheetLine(c.line), (i, aria) => factorControl(i, c, aria)),
    ).join(''),
    ' aria-label="force factors"',
  )}</details>`;
  const statements = `<details class="block" id="d-statements"${computed ? ' open' : ''}><summary>Statements <small>(BR = BFR + n × ⌈BFR/10⌉, ${sheetLine(48)})</small></summary>${group(
    'g-statements',
    'Statements',
    STATEMENTS.map((s) =>
      row(`l-st-${s.key}`, s.text, sheetLine(s.line), (i, aria) => checkbox(i, `st-${s.key}`, aria)),
    ).join(''),
    ' aria-label="statements"',
    true,
  )}</details>`;
  const adjustments = `<details class="block" id="d-adjustments" open><summary>Adjustments <small>(${sheetLine('70–168')})</small></summary>${group(
    'g-adjustments',
    'Adjustments',
    adjustmentGroups(),
    ' aria-label="adjustments"',
    true,
  )}</details>`;
  const built = `<details class="block" id="d-built"><summary>How the BR is built</summary><div class="built">${SIDES.map(
    (i) => `<div><p class="sub">${i === 0 ? 'A' : 'B'}</p><ul id="s${i}-adj"></ul></div>`,
  ).join('')}</div></details>`;
  const policies = `<fieldset class="group" id="g-policies"><legend>Policies</legend>
  <div class="single"><label for="tie">tie policy</label><select id="tie">${['reroll', 'defender', 'attacker', 'stalemate'].map((t) => `<option>${t}</option>`).join('')}</select></div>
  ${POLICY_CONTROLS.map(
    (c) =>
      `<div class="single"><span class="what"><label for="policy-${c.key}">${esc(c.label)}</label><small class="hint" id="policy-${c.key}-hint">${esc(c.hint)}</small></span>${
        c.values === null
          ? `<input id="policy-${c.key}" type="checkbox" aria-describedby="policy-${c.key}-hint">`
          : `<select id="policy-${c.key}" aria-describedby="policy-${c.key}-hint">${c.values.map((v) => `<option>${v}</option>`).join('')}</select>`
      }</div>`,
  ).join('')}
  <div class="single"><label for="days">pursuit: battles over at most (days)</label><input id="days" type="number" min="1" max="365" step="1" inputmode="numeric" aria-describedby="days-note"></div>
  <p class="note" id="days-note">1: a single battle. More: while the forces stay in contact the winner attacks again the next day (Monte Carlo, in the answer).</p></fieldset>`;
  return `<div class="col">${force}${tactic}${policies}${factors}</div><div class="col">${statements}${adjustments}${built}</div>`;
}

export function fillForm(f: FormFields): void {
  f.sides.forEach((s, i) => {
    const input = (k: string) => $<HTMLInputElement>(`s${i}-${k}`);
    input('name').value = s.name;
    input('troops').value = String(s.troops);
    input('br').value = s.battleRating === null ? '' : String(s.battleRating);
    input('bfr').value = s.basicForceRating === null ? '' : String(s.basicForceRating);
    input('bonus').value = String(s.bonus);
    input('defending').checked = s.defending;
    $<HTMLSelectElement>(`s${i}-tactic`).value = s.tactic;
    for (const c of FACTOR_CONTROLS) {
      const el = input(`f-${c.key}`);
      if (c.input === 'checkbox') el.checked = s.factors[c.key] === true;
      else el.value = String(s.factors[c.key]);
    }
    for (const st of STATEMENTS) input(`st-${st.key}`).checked = s.statements.includes(st.key);
    for (const c of FLAG_CONTROLS) input(`a-${c.key}`).checked = s.flags[c.key];
    for (const c of CHOICE_CONTROLS) {
      const chosen = input(`c-${c.group}-${s.choices[c.group]}`) ?? input(`c-${c.group}-none`);
      chosen.checked = true;
    }
  });
  $<HTMLSelectElement>('tie').value = f.tie;
  $<HTMLInputElement>('days').value = String(f.days);
}

export function readForm(): FormFields {
  const side = (i: number): SideFields => {
    const input = (k: string) => $<HTMLInputElement>(`s${i}-${k}`);
    const optional = (k: string) => (input(k).value.trim() === '' ? null : Number(input(k).value));
    const chosen = (g: string) =>
      document.querySelector<HTMLInputElement>(`input[name="s${i}-c-${g}"]:checked`)?.value ?? 'none';
    return {
      name: input('name').value,
      troops: Number(input('troops').value),
      battleRating: optional('br'),
      basicForceRating: optional('bfr'),
      factors: Object.fromEntries(
        FACTOR_CONTROLS.map((c) => [
          c.key,
          c.input === 'checkbox'
            ? input(`f-${c.key}`).checked
            : c.input === 'select'
              ? input(`f-${c.key}`).value
              : Number(input(`f-${c.key}`).value),
        ]),
      ),
      statements: STATEMENTS.filter((st) => input(`st-${st.key}`).checked).map((st) => st.key as StatementKey),
      bonus: Number(input('bonus').value),
      defending: input('defending').checked,
      tactic: $<HTMLSelectElement>(`s${i}-tactic`).value as SideFields['tactic'],
      flags: Object.fromEntries(FLAG_CONTROLS.map((c) => [c.key, input(`a-${c.key}`).checked])),
      choices: Object.fromEntries(CHOICE_CONTROLS.map((c) => [c.group, chosen(c.group)])) as Record<
        ChoiceGroup,
        string
      >,
    };
  };
  return {
    sides: [side(0), side(1)],
    tie: $<HTMLSelectElement>('tie').value as FormFields['tie'],
    days: Number($<HTMLInputElement>('days').value),
  };
}
