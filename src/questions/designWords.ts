/** A design's purchases in words, for its documents and its scenarios' titles. */
import type { Purchase } from './designGame.js';
import type { Constructible } from '../rules/siege/construction.js';

/** One siege purchase: engines by type, troops by type name, weeks of food (the defender). */
export interface SiegePurchase {
  engines: Partial<Record<Constructible, number>>;
  troops: Record<string, number>;
  foodWeeks: number;
}

/** "300 footmen, 100 archers, 8 officers, good weapons, 4 weeks trained". */
export function describePurchase(p: Purchase): string {
  const parts = Object.entries(p.troops)
    .filter(([, n]) => n > 0)
    .map(([name, n]) => `${n.toLocaleString('en-US')} ${name}`);
  if (p.officers > 0) parts.push(`${p.officers} officer${p.officers === 1 ? '' : 's'}`);
  if (p.weapons !== 'average') parts.push(`${p.weapons} weapons`);
  if (p.secondWeapon) parts.push('second weapon');
  if (p.weeksTrained > 0) parts.push(`${p.weeksTrained} week${p.weeksTrained === 1 ? '' : 's'} trained`);
  return parts.join(', ');
}

/**
 * "2 × heavyCatapult, 1 × ram, 100 × footmen, 4 weeks of food"; nothing bought: "nothing added". Engines and troops
 * are counted with "×" before the file's own names (a troop type is named by the user, e.g. "footmen": "1 × footmen",
 * never "1 footmen").
 */
export function describeSiegePurchase(p: SiegePurchase): string {
  const parts: string[] = [];
  for (const [k, n] of Object.entries(p.engines)) if (n) parts.push(`${n.toLocaleString('en-US')} × ${k}`);
  for (const [name, n] of Object.entries(p.troops)) if (n > 0) parts.push(`${n.toLocaleString('en-US')} × ${name}`);
  if (p.foodWeeks > 0) parts.push(`${p.foodWeeks} week${p.foodWeeks === 1 ? '' : 's'} of food`);
  return parts.length ? parts.join(', ') : 'nothing added (the siege as it stands)';
}
