/**
 * The document of `warcast siege` (text, Markdown and the siege report): when it falls, how it ends, what it
 * costs, the fortifications' damage, field construction, supplies; the report adds the sides' ratings, the key
 * numbers per siege, construction as tables and the charts.
 */
import { siegeHeadline } from './headline.js';
import type { SiegeResult } from './result.js';
import { ENDINGS } from './plan.js';
import { ENDING_WORDS } from './endings.js';
import {
  gap,
  heading,
  meanWithSd,
  note,
  number,
  percent,
  run,
  spread,
  table,
  type Block,
  type Document,
  type Text,
} from '../../present/document.js';
import { num, runLine, SPREAD_SD_WORDS, SPREAD_WORDS } from '../../present/format.js';

/** How a siege ends, in words. */
export { ENDING_WORDS };

const equipment = (e: Record<string, number>) =>
  Object.entries(e)
    .filter(([, v]) => v !== 0)
    .map(([k, v]) => `${k} ${v >= 0 ? '+' : ''}${v}`)
    .join('; ') || '—';

export function presentSiege(r: SiegeResult, o: { requestedThreads?: number } = {}): Document {
  const title = r.title ?? `${r.sides.attacker} besieging ${r.sides.defender}`;
  const blocks: Block[] = [
    heading(
      `${r.title ? r.title + ': ' : ''}${r.sides.attacker} besieging ${r.sides.defender} (${r.mode}, up to ${r.weekLimit} weeks)`,
    ),
  ];
  // Ctrl-C before the first chunk finished: there is nothing to estimate from, so say so instead of showing zeros.
  if (r.trials === 0) return { title, blocks: [...blocks, note('interrupted before any siege finished: no results')] };
  blocks.push(
    run(runLine(r, 'siege', o.requestedThreads)),
    note(
      `BR: attacker ${r.ratings.attacker.modifiedBattleRating}, defender ${r.ratings.defender.modifiedBattleRating} + fortifications ${r.fortificationBr} (before troop ratio, equipment and tactics)`,
    ),
  );
  for (const n of r.notes ?? []) blocks.push(note(`note: ${n}`));
  if (r.notes?.some((n) => n.includes('RC l.')))
    blocks.push(note('(RC l. N: line N of the Rules Cyclopedia, quoted in docs/sources/rc-siege.md)'));
  blocks.push(gap);
  const wtf = r.weeksToFall;
  blocks.push(note([`fallen within ${r.weekLimit} weeks: `, percent(wtf.probability, wtf.ci95)]));
  if (wtf.mean !== null) {
    const s = wtf as Extract<SiegeResult['weeksToFall'], { p50: number }>;
    blocks.push(
      note([
        'weeks to fall (sieges that fell): mean ',
        number(s.mean, 2),
        ', SD ',
        number(s.sd, 2),
        `, p5 ${s.p05}, p25 ${s.p25}, median ${s.p50}, p75 ${s.p75}, p95 ${s.p95}`,
      ]),
    );
  }
  // Weeks fought, not the week of the ending: a departure or desertion at the start of week w ends a siege of
  // w − 1 weeks (src/kinds/siege/kernel.ts), so this mean can sit below "weeks to fall" when every siege fell.
  blocks.push(
    note([
      'mean length of siege: ',
      number(r.meanWeeks, 2),
      ' weeks fought (SD ',
      number(r.weeksSd, 2),
      '; an ending at the start of week w, by a departure or desertion, closes a siege of w − 1 weeks)',
    ]),
    gap,
  );
  // Survival curve: every week up to 16, then every few weeks, and the last.
  const step = r.weekLimit <= 16 ? 1 : Math.ceil(r.weekLimit / 16);
  blocks.push(
    table(
      ['week', 'P(fallen by week)'],
      r.fallenByWeek
        .filter((f) => f.week % step === 0 || f.week === 1 || f.week === r.weekLimit)
        .map((f) => [String(f.week), percent(f.probability, f.ci95)]),
      'Fallen by week',
    ),
    table(
      ['how the siege ends', 'probability', 'mean week', 'SD'],
      ENDINGS.map((e) => [
        ENDING_WORDS[e],
        percent(r.endings[e].probability, r.endings[e].ci95),
        r.endings[e].meanWeek === null ? '—' : number(r.endings[e].meanWeek!, 2),
        r.endings[e].weekSd === null ? '—' : number(r.endings[e].weekSd!, 2),
      ]),
      'Endings',
    ),
  );
  const cas = r.casualties;
  blocks.push(
    table(
      [`casualties ${SPREAD_SD_WORDS}`, `attacker: ${r.sides.attacker}`, `defender: ${r.sides.defender}`],
      [
        ['dead', spread(cas.attacker.dead), spread(cas.defender.dead)],
        ['wounded', spread(cas.attacker.wounded), spread(cas.defender.wounded)],
        ['deserted: mean (SD)', '—', meanWithSd(cas.defender.desertedMean, cas.defender.desertedSd)],
      ],
      'Casualties per siege',
    ),
  );
  const d = r.damage;
  blocks.push(
    note([
      'fortification damage: rubble ',
      percent(d.rubbleProbability, d.rubbleCi95),
      ', mean damage ',
      number(d.meanDamage),
      ' hp (SD ',
      number(d.damageSd),
      '), mean breach ',
      number(d.meanBreachFeet),
      ' ft (SD ',
      number(d.breachFeetSd),
      ')',
    ]),
  );
  const structures = Object.entries(d.byClass).filter(([, v]) => v.hitPoints > 0);
  // A siege with no fortifications has no structure to damage: a line says so rather than an empty table.
  blocks.push(
    structures.length > 0
      ? table(
          ['structure class', 'hit points', 'expected damage', 'SD', 'share'],
          structures.map(([k, v]) => [
            k,
            number(v.hitPoints),
            number(v.expectedDamage),
            number(v.damageSd),
            percent(v.expectedDamage / v.hitPoints),
          ]),
          'Damage by structure class',
        )
      : note('no fortifications in the scenario: no structure to damage'),
  );
  blocks.push(...constructionLines(r));
  if (r.supplies) blocks.push(suppliesTable(r));
  blocks.push(...reportDetails(r));
  return { title, blocks, headline: siegeHeadline(r) };
}

function constructionLines(r: SiegeResult): Block[] {
  const out: Block[] = [];
  for (const who of ['attacker', 'defender'] as const) {
    const c = r.construction?.[who];
    if (!c) continue;
    const joins = c.engines
      .map((e) => `${e.engine} ${e.week === null || e.week > r.weekLimit ? 'not in time' : `week ${e.week}`}`)
      .join(', ');
    out.push(
      note(
        `${who} field construction: ${c.built} of ${c.engines.length} engines built (${joins}); hardware ${num(c.materialsGp)} gp${c.woodDays > 0 ? `, ${c.woodDays} days gathering wood` : ''}; each fights from the week it joins`,
      ),
    );
    const br = (f: (typeof c.fighting)[number]) =>
      `equipment BR by the attacker's tactic: bombard ${f.equipmentBr.bombard}, harass ${f.equipmentBr.harass}, assault ${f.equipmentBr.assault}; artillery fire (bombard BR) ${f.bombardBr}`;
    for (const f of c.fighting) {
      const joining = Object.entries(f.joining)
        .map(([engine, n]) => `${n} ${engine}`)
        .join(', ');
      out.push(
        note(f.fromWeek === 1 ? `  from week 1: ${br(f)}` : `  from week ${f.fromWeek} (+ ${joining} built): ${br(f)}`),
      );
    }
  }
  return out;
}

function suppliesTable(r: SiegeResult): Block {
  const rows: Text[][] = [];
  const short = (x: { ranShort: { probability: number; meanWeek: number | null } }): Text => [
    percent(x.ranShort.probability),
    ...(x.ranShort.meanWeek === null ? [] : [' (mean week ', number(x.ranShort.meanWeek, 1), ')']),
  ];
  for (const who of ['attacker', 'defender'] as const) {
    const sup = r.supplies![who];
    if (sup.rations)
      rows.push([
        `${who} rations`,
        number(sup.rations.start),
        number(sup.rations.usedMean),
        number(sup.rations.leftMean),
        short(sup.rations),
      ]);
    if (sup.money)
      rows.push([
        `${who} money (gp)`,
        number(sup.money.start),
        spread({ ...sup.money.spent, mean: sup.money.spentMean }),
        spread({ ...sup.money.left, mean: sup.money.leftMean }),
        short(sup.money),
      ]);
    const am = sup.ammunition;
    if (am) {
      rows.push([
        `${who} artillery shot (light-catapult units)`,
        number(am.artillery.start),
        spread(am.artillery.used),
        spread(am.artillery.left),
        short(am.artillery),
      ]);
      rows.push([
        `${who} ballista bolts (units)`,
        number(am.ballista.start),
        spread(am.ballista.used),
        spread(am.ballista.left),
        short(am.ballista),
      ]);
    }
  }
  return table(['supplies', 'at start', `used ${SPREAD_WORDS}`, `left ${SPREAD_WORDS}`, 'ran short'], rows, 'Supplies');
}

/** What the page adds: the sides' ratings, the key numbers per siege, construction as tables, the charts. */
function reportDetails(r: SiegeResult): Block[] {
  const a = r.ratings.attacker;
  const d = r.ratings.defender;
  const blocks: Block[] = [
    table(
      ['', `attacker: ${r.sides.attacker}`, `defender: ${r.sides.defender}`],
      [
        ['troops', number(a.troops), number(d.troops)],
        ['battle rating (BR)', String(a.battleRating), String(d.battleRating)],
        [
          'modified BR (before troop ratio, equipment, tactics)',
          String(a.modifiedBattleRating),
          String(d.modifiedBattleRating),
        ],
        ['fortifications BR', '—', String(r.fortificationBr)],
        ['equipment BR', equipment(r.equipmentBr.attacker), equipment(r.equipmentBr.defender)],
      ],
      'Sides',
      'report',
    ),
    table(
      ['', 'value'],
      [
        ['battles per siege: mean (SD)', meanWithSd(r.perSiege.battles.mean, r.perSiege.battles.sd, 2)],
        [
          'assaults repulsed per siege: mean (SD)',
          meanWithSd(r.perSiege.assaultsRepulsed.mean, r.perSiege.assaultsRepulsed.sd, 2),
        ],
      ],
      'Battles',
      'report',
    ),
  ];
  for (const who of ['attacker', 'defender'] as const) {
    const c = r.construction?.[who];
    if (!c) continue;
    const rows: Text[][] = c.fighting.map((f) => [
      f.fromWeek === 1
        ? 'from week 1 (before any built piece)'
        : `from week ${f.fromWeek}: + ${Object.entries(f.joining)
            .map(([e, n]) => `${n} ${e}`)
            .join(', ')} built`,
      String(f.equipmentBr.bombard),
      String(f.equipmentBr.harass),
      String(f.equipmentBr.assault),
      String(f.bombardBr),
    ]);
    for (const e of c.engines)
      if (e.week === null || e.week > r.weekLimit)
        rows.push([`${e.engine}: not finished within ${r.weekLimit} weeks`, '—', '—', '—', '—']);
    blocks.push(
      table(
        ['weapons', 'equipment BR vs bombard', 'vs harass', 'vs assault', 'bombard BR'],
        rows,
        `Field construction, ${who}: ${r.sides[who]} (${c.built} of ${c.engines.length} engines built, hardware ${num(c.materialsGp)} gp; each fights from the week it joins)`,
        'report',
      ),
    );
  }
  for (const name of ['siege-survival', 'siege-weeks', 'siege-endings', 'siege-casualties-at-most'])
    blocks.push({ type: 'chart', name });
  if (r.supplies?.byWeek?.length) blocks.push({ type: 'chart', name: 'siege-supplies' });
  return blocks;
}
