/** A design's purchases in words, for its documents and its scenarios' titles. */
import type { Purchase } from '../../analysis/designGame.js';

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
