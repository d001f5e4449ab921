/**
 * The what-if page's form: every field of a War Machine side the scenario schema has — BR, BFR, force factors,
 * statements, each adjustment with its rule's sheet line beside it — and the tie policy; filled from and read
 * into FormFields (src/app/model.ts). Every control has a label; all are native inputs (keyboard-usable).
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
import type { ChoiceGroup } from '../src/rules/warMachine/adjustments.js';
import type { StatementKey } from '../src/rules/warMachine/battleRating.js';
import { escapeHtml as esc } from '../src/present/escape.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const signed = (v: number) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0');
/** Where a rule is printed: docs/sources/war-machine-sheet.txt, by the sheet's own line numbers. */
const sheet = (line: number | string) => `<span class="rule">sheet l. ${line}</span>`;

function factorRow(i: number, c: (typeof FACTOR_CONTROLS)[number]): string {
  const id = `s${i}-f-${c.key}`;
  const input =
    c.input === 'checkbox'
      ? `<input id="${id}" type="checkbox">`
      : c.input === 'select'
        ? `<select id="${id}">${(c.options ?? []).map((o) => `<option>${o}</option>`).join('')}</select>`
        : `<input id="${id}" type="number" min="${c.min}" max="${c.max}" step="${c.key === 'officerLevel' || c.key === 'averageTroopLevel' ? 'any' : 1}" inputmode="decimal">`;
  return `<label for="${id}">${esc(c.label)}</label><span class="cell">${input} ${sheet(c.line)}</span>`;
}

function flagGroups(i: number): string {
  const groups = [...new Set(FLAG_CONTROLS.map((c) => c.group))];
  return groups
    .map((g) => {
      const rows = FLAG_CONTROLS.filter((c) => c.group === g)
        .map(
          (c) =>
            `<div class="check"><input id="s${i}-a-${c.key}" type="checkbox"><label for="s${i}-a-${c.key}">${esc(c.rule)}</label> <span class="rule">${signed(c.value)}, sheet l. ${c.line}</span></div>`,
        )
        .join('');
      return `<fieldset class="group"><legend>${esc(g)}: all that apply</legend>${rows}</fieldset>`;
    })
    .join('');
}

function choiceRows(i: number): string {
  return CHOICE_CONTROLS.map((c) => {
    const id = `s${i}-c-${c.group}`;
    const options = c.options
      .map(
        (o) =>
          `<option value="${o.option}">${o.option === 'none' ? '—' : `${esc(o.rule)} (${signed(o.value)}, sheet l. ${o.line})`}</option>`,
      )
      .join('');
    return `<label for="${id}">${c.group}: only one</label><span class="cell"><select id="${id}">${options}</select> ${sheet(c.line)}</span>`;
  }).join('');
}

/** The policies: the tie policy, and the pursuit's days (docs/rules.md §7; the Monte Carlo below runs it). */
export function policiesFieldset(): string {
  return `<fieldset><legend>policies</legend><label for="tie">tie policy</label><select id="tie">${['reroll', 'defender', 'attacker', 'stalemate'].map((t) => `<option>${t}</option>`).join('')}</select>
  <label for="days">pursuit: battles over at most (days)</label><input id="days" type="number" min="1" max="365" step="1" inputmode="numeric" aria-describedby="days-note">
  <span class="note" id="days-note">1: a single battle. More: while the forces stay in contact the winner attacks again the next day (Monte Carlo below).</span></fieldset>`;
}

/** One side's fieldset. A tactic mix in the scenario is offered as "mix, as in the scenario". */
export function sideFieldset(doc: ScenarioDocument, i: 0 | 1): string {
  const id = (k: string) => `s${i}-${k}`;
  const side = doc.sides[i];
  const tactics = [
    'none',
    ...TACTICS,
    ...(side.tactic !== undefined && typeof side.tactic !== 'string' ? ['mix'] : []),
  ];
  const label = (t: string) =>
    t === 'none' ? '— (tactics not used)' : t === 'mix' ? 'mix, as in the scenario' : TACTIC_LABELS[t as Tactic];
  const computed = side.battleRating === undefined;
  return `<fieldset class="side"><legend>Side ${i === 0 ? 'A' : 'B'}</legend>
  <label for="${id('name')}">name</label><input id="${id('name')}" type="text" maxlength="200">
  <label for="${id('troops')}">troops</label><input id="${id('troops')}" type="number" min="1" step="1" inputmode="numeric">
  <label for="${id('br')}">battle rating (BR)</label><input id="${id('br')}" type="number" step="1" inputmode="numeric" aria-describedby="${id('br-note')}">
  <span class="note" id="${id('br-note')}"></span>
  <label for="${id('bonus')}">bonus to the d100 roll</label><input id="${id('bonus')}" type="number" step="1" inputmode="numeric">
  <label for="${id('defending')}">defending</label><input id="${id('defending')}" type="checkbox">
  <label for="${id('tactic')}">tactic</label><select id="${id('tactic')}">${tactics.map((t) => `<option value="${t}">${esc(label(t))}</option>`).join('')}</select>
  <details${computed ? ' open' : ''}><summary>BFR and force factors (when the BR is empty)</summary><div class="grid">
  <label for="${id('bfr')}">basic force rating (BFR)</label><span class="cell"><input id="${id('bfr')}" type="number" step="1" inputmode="numeric" aria-describedby="${id('bfr-note')}"> ${sheet('10–34')}</span>
  <span class="note" id="${id('bfr-note')}"></span>
  ${FACTOR_CONTROLS.map((c) => factorRow(i, c)).join('\n  ')}
  </div></details>
  <details${computed ? ' open' : ''}><summary>statements (BR = BFR + n × ⌈BFR/10⌉, sheet l. 48)</summary>
  ${STATEMENTS.map((s) => `<div class="check"><input id="${id(`st-${s.key}`)}" type="checkbox"><label for="${id(`st-${s.key}`)}">${esc(s.text)}</label> ${sheet(s.line)}</div>`).join('')}
  </details>
  <details open><summary>adjustments (sheet l. 70–168)</summary>${flagGroups(i)}<div class="grid">${choiceRows(i)}</div></details>
  <details><summary>how the BR is built</summary><ul id="${id('adj')}"></ul></details>
</fieldset>`;
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
    for (const c of CHOICE_CONTROLS) $<HTMLSelectElement>(`s${i}-c-${c.group}`).value = s.choices[c.group];
  });
  $<HTMLSelectElement>('tie').value = f.tie;
  $<HTMLInputElement>('days').value = String(f.days);
}

export function readForm(): FormFields {
  const side = (i: number): SideFields => {
    const input = (k: string) => $<HTMLInputElement>(`s${i}-${k}`);
    const optional = (k: string) => (input(k).value.trim() === '' ? null : Number(input(k).value));
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
      choices: Object.fromEntries(
        CHOICE_CONTROLS.map((c) => [c.group, $<HTMLSelectElement>(`s${i}-c-${c.group}`).value]),
      ) as Record<ChoiceGroup, string>,
    };
  };
  return {
    sides: [side(0), side(1)],
    tie: $<HTMLSelectElement>('tie').value as FormFields['tie'],
    days: Number($<HTMLInputElement>('days').value),
  };
}
