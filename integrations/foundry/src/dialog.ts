/**
 * The battle dialog: the what-if page's form (app/form.ts, the sheet's groups, both sides side by side) beside its
 * answer panel (app/verdict.ts), recomputed exactly on every edit; buttons post the verdict to chat, roll the
 * battle, and paste, import or export the scenario as YAML. A second part plays a siege week by week, its state
 * a flag on a journal entry, and its odds by Monte Carlo in a Web Worker, stage by stage. A Foundry
 * ApplicationV2 whose HTML is written here (no Handlebars template), so one file holds the whole window.
 */
import { fieldsOf, applyFields, validateDocument, type ScenarioDocument } from '../../../src/app/model.js';
import type { OddsResult } from '../../../src/kinds/warMachine/result.js';
import type { SiegeResult } from '../../../src/kinds/siege/result.js';
import { presentSiege } from '../../../src/kinds/siege/present.js';
import { escapeHtml as esc } from '../../../src/present/escape.js';
import { fillForm, fillPolicies, formHtml, readForm, withPolicies } from '../../../app/form.js';
import { headlineHtml, keyChartSvg, pursuitHtml, verdictHtml } from '../../../app/verdict.js';
import { PURSUIT_STAGES } from '../../../app/page.js';
import { stagesOf } from '../../../app/sections/kinds.js';
import type { Job } from '../../../app/worker.js';
import { fromYaml, odds, siegeTactics, toYaml } from './api.js';
import type { WarcastApi } from './warcastApi.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** The dialog's scenario when none is given: the what-if page's own default (examples/orcs-vs-men.yaml). */
export interface DialogDefaults {
  battle: ScenarioDocument;
  siege: string;
}

/** Starts a worker on the module's worker script (app/worker.ts: the CLI's kernels over its seeded chunks). */
export type WorkerFactory = () => Worker;

function bodyHtml(doc: ScenarioDocument, siegeText: string): string {
  return `<div class="warcast-app">
<div class="layout">
<aside class="answer" aria-labelledby="wc-answer-h">
<h2 id="wc-answer-h">The answer</h2>
<p id="error" role="alert" class="error"></p>
<div id="verdict-panel" aria-live="polite"></div>
<div id="key-chart" class="key-chart"></div>
<div id="pursuit" class="pursuit" aria-live="polite"></div>
<p class="actions"><button type="button" data-wc="post">post to chat</button> <button type="button" data-wc="roll">roll it</button> <span id="wc-status" role="status"></span></p>
<details class="wc-yaml"><summary>scenario YAML</summary>
<p class="small">Paste a <code>kind: war-machine</code> scenario and load it, or import a file; export writes the dialog's battle for <code>warcast odds battle.yaml</code>.</p>
<textarea id="wc-yaml" rows="8" spellcheck="false" aria-label="scenario YAML"></textarea>
<p class="actions"><button type="button" data-wc="load-yaml">load</button> <label class="file">import a file <input id="wc-file" type="file" accept=".yaml,.yml,.json"></label> <button type="button" data-wc="export-yaml">export YAML</button></p>
</details>
</aside>
<form id="form" class="form" aria-label="the battle">${formHtml(doc)}</form>
</div>
<section class="wc-siege" aria-labelledby="wc-siege-h">
<h2 id="wc-siege-h">A siege, week by week</h2>
<p class="small">Each week both sides choose a tactic; the week is rolled and posted, and the siege is kept on the journal entry named here, so next week (or another session) continues it.</p>
<textarea id="wc-siege-text" rows="6" spellcheck="false" aria-label="siege scenario YAML">${esc(siegeText)}</textarea>
<p class="actions"><label>journal entry <input id="wc-journal" type="text" value="warcast siege"></label>
<label>attacker <select id="wc-attacker"></select></label> <label>defender <select id="wc-defender"></select></label>
<button type="button" data-wc="siege-week">play the week</button> <button type="button" data-wc="siege-odds">odds (Monte Carlo)</button></p>
<p id="wc-siege-status" class="small" role="status"></p>
<div id="wc-siege-answer" class="kind-answer" aria-live="polite"></div>
</section>
</div>`;
}

/** The dialog's class, made when first opened: `foundry` exists only once Foundry has loaded its client. */
export function battleDialogClass(api: WarcastApi, defaults: DialogDefaults, worker: WorkerFactory) {
  return class BattleDialog extends foundry.applications.api.ApplicationV2 {
    original: ScenarioDocument;
    current: ScenarioDocument;
    result: OddsResult | null = null;
    private frame = 0;
    private pursuitWorker: Worker | undefined;
    private pursuitKey = '';
    private siegeWorker: Worker | undefined;

    constructor(doc: ScenarioDocument = defaults.battle) {
      super({
        id: 'warcast-battle',
        classes: ['warcast'],
        window: { title: 'warcast: battle', resizable: true },
        position: { width: 1100, height: 760 },
      });
      this.original = doc;
      this.current = doc;
    }

    protected override async _renderHTML(): Promise<string> {
      return bodyHtml(this.original, defaults.siege);
    }

    protected override _replaceHTML(result: unknown, content: HTMLElement): void {
      content.innerHTML = result as string;
    }

    protected override async _onRender(): Promise<void> {
      this.fill(this.original);
      const root = this.element;
      const form = $('form');
      const schedule = () => (this.frame ||= requestAnimationFrame(() => ((this.frame = 0), this.update())));
      form.addEventListener('input', schedule);
      form.addEventListener('change', schedule);
      form.addEventListener('submit', (e) => e.preventDefault());
      root.addEventListener('click', (e) => {
        const action = (e.target as HTMLElement).closest<HTMLElement>('[data-wc]')?.dataset.wc;
        if (action) void this.act(action);
      });
      $<HTMLInputElement>('wc-file').addEventListener('change', (e) => void this.importFile(e));
      $('wc-siege-text').addEventListener('change', () => this.siegeChoices());
      this.siegeChoices();
      this.update();
    }

    /** Puts a scenario in the form (a loaded YAML, or the one the dialog opened with). */
    fill(doc: ScenarioDocument): void {
      this.original = doc;
      this.current = doc;
      $('form').innerHTML = formHtml(doc);
      fillForm(fieldsOf(doc));
      fillPolicies(doc);
      $<HTMLTextAreaElement>('wc-yaml').value = toYaml(doc);
    }

    /** The exact answer of the form as edited; an invalid battle shows the CLI's message and keeps the last. */
    update(): void {
      const error = $('error');
      try {
        this.current = withPolicies(applyFields(this.original, readForm()), this.original);
        const r = odds(this.current);
        this.result = r;
        error.textContent = '';
        $('verdict-panel').innerHTML = verdictHtml(r);
        $('key-chart').innerHTML = keyChartSvg(r);
        this.pursuit(this.current);
        // The YAML box follows the form, unless the GM is typing in it.
        const yaml = $<HTMLTextAreaElement>('wc-yaml');
        if (document.activeElement !== yaml) yaml.value = toYaml(this.current);
      } catch (err) {
        error.textContent = err instanceof Error ? err.message : String(err);
      }
      this.element.dataset.updated = String(Number(this.element.dataset.updated ?? 0) + 1);
    }

    async act(action: string): Promise<void> {
      const say = (t: string) => ($('wc-status').textContent = t);
      try {
        if (action === 'post' && this.result) {
          await api.postOdds(this.current);
          say('posted');
        } else if (action === 'roll') {
          await api.roll(this.current, { post: true });
          say('rolled');
        } else if (action === 'load-yaml') this.load($<HTMLTextAreaElement>('wc-yaml').value, 'the pasted YAML');
        else if (action === 'export-yaml')
          foundry.utils.saveDataToFile(toYaml(this.current), 'application/yaml', 'battle.yaml');
        else if (action === 'siege-week') await this.siegeWeek();
        else if (action === 'siege-odds') this.siegeOdds();
      } catch (err) {
        ui.notifications?.error(`warcast: ${err instanceof Error ? err.message : String(err)}`);
      }
    }

    /** A pasted or imported scenario, checked as the CLI checks a file before it replaces the form's. */
    load(text: string, file: string): void {
      const doc = fromYaml(text);
      validateDocument(doc, file);
      this.fill(doc);
      this.update();
    }

    async importFile(e: Event): Promise<void> {
      const file = (e.target as HTMLInputElement).files?.[0];
      if (!file) return;
      try {
        this.load(await file.text(), file.name);
      } catch (err) {
        ui.notifications?.error(`warcast: ${err instanceof Error ? err.message : String(err)}`);
      }
    }

    /**
     * With pursuit (days above 1) there is no exact answer: Monte Carlo in a worker, in stages of 2,000, 20,000
     * and 100,000 trials (each `warcast odds FILE --seed 42 --trials N`), as the what-if page does.
     */
    pursuit(doc: ScenarioDocument): void {
      const pursues = (doc.policies as { pursue?: string } | undefined)?.pursue !== 'never';
      const days = pursues ? ((doc.engagement as { maxDays?: number } | undefined)?.maxDays ?? 1) : 1;
      const key = JSON.stringify(doc);
      if (key === this.pursuitKey) return;
      this.pursuitKey = key;
      this.pursuitWorker?.terminate();
      const box = $('pursuit');
      if (days <= 1) {
        box.innerHTML = '';
        return;
      }
      box.classList.add('stale');
      const w = worker();
      this.pursuitWorker = w;
      let stage = 0;
      const post = () => w.postMessage({ task: 'battle', doc, seed: 42, trials: PURSUIT_STAGES[stage] } as Job);
      w.onmessage = (e: MessageEvent<{ type: string; message: string; result: OddsResult }>) => {
        if (e.data.type === 'error') box.textContent = e.data.message;
        if (e.data.type !== 'result') return;
        const last = stage === PURSUIT_STAGES.length - 1;
        box.innerHTML = pursuitHtml(e.data.result, PURSUIT_STAGES.at(-1)!, !last);
        box.classList.remove('stale');
        if (last) w.terminate();
        else {
          stage++;
          post();
        }
      };
      post();
    }

    siegeChoices(): void {
      try {
        const t = siegeTactics($<HTMLTextAreaElement>('wc-siege-text').value);
        for (const side of ['attacker', 'defender'] as const)
          $(`wc-${side}`).innerHTML = t[side].map((x) => `<option>${esc(x)}</option>`).join('');
        $('wc-siege-status').textContent = '';
      } catch (err) {
        $('wc-siege-status').textContent = err instanceof Error ? err.message : String(err);
      }
    }

    async siegeWeek(): Promise<void> {
      const journal = $<HTMLInputElement>('wc-journal').value.trim() || 'warcast siege';
      const week = await api.siegeWeek({
        journal,
        scenario: $<HTMLTextAreaElement>('wc-siege-text').value,
        attacker: $<HTMLSelectElement>('wc-attacker').value,
        defender: $<HTMLSelectElement>('wc-defender').value,
      });
      $('wc-siege-status').textContent =
        `week ${week.state.weeks.length} played and posted (seed ${week.state.seed}); ${week.over ? 'the siege is over' : `kept in “${journal}”`}`;
    }

    /** The siege's odds, stage by stage: each `warcast siege FILE --seed 42 --trials N` for its N. */
    siegeOdds(): void {
      this.siegeWorker?.terminate();
      const text = $<HTMLTextAreaElement>('wc-siege-text').value;
      const stages = stagesOf(100_000) as number[];
      const w = worker();
      this.siegeWorker = w;
      let stage = 0;
      const post = () => w.postMessage({ task: 'siege', text, seed: 42, trials: stages[stage] } as Job);
      const box = $('wc-siege-answer');
      w.onmessage = (e: MessageEvent<{ type: string; message: string; result: SiegeResult }>) => {
        if (e.data.type === 'error') {
          $('wc-siege-status').textContent = e.data.message;
          w.terminate();
        }
        if (e.data.type !== 'result') return;
        const last = stage === stages.length - 1;
        const doc = presentSiege(e.data.result);
        const command = `warcast siege FILE --seed 42 --trials ${stages[stage]}`;
        if (doc.headline)
          box.innerHTML = headlineHtml(doc.headline, {
            stage: stage + 1,
            stages: stages.length,
            planned: stages.at(-1)!,
            running: !last,
            command,
          });
        box.dataset.trials = String(stages[stage]);
        if (last) w.terminate();
        else {
          stage++;
          post();
        }
      };
      post();
    }

    override async close(options?: object): Promise<this> {
      this.pursuitWorker?.terminate();
      this.siegeWorker?.terminate();
      return super.close(options);
    }
  };
}
