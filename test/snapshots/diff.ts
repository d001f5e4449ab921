/** Helpers for answer snapshots: strip run-dependent fields, list the values that moved. */

/** Fields that depend on the machine, the run or the release, not on the answer. */
export const VOLATILE_KEYS = new Set(['elapsedMs', 'threads', 'threadsUsed', 'warcastVersion']);

export function stripVolatile(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripVolatile);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!VOLATILE_KEYS.has(k)) out[k] = stripVolatile(v);
    return out;
  }
  return value;
}

function show(v: unknown): string {
  return v === undefined ? '(absent)' : JSON.stringify(v);
}

/** Every leaf that differs, as `path: old → new` (paths like `casualties[0].dead.mean`). */
export function diffAnswers(old: unknown, now: unknown, path = ''): string[] {
  const bothObjects = old !== null && now !== null && typeof old === 'object' && typeof now === 'object';
  if (bothObjects && Array.isArray(old) === Array.isArray(now)) {
    const out: string[] = [];
    if (Array.isArray(old) && Array.isArray(now)) {
      for (let i = 0; i < Math.max(old.length, now.length); i++)
        out.push(...diffAnswers(old[i], now[i], `${path}[${i}]`));
    } else {
      const o = old as Record<string, unknown>;
      const n = now as Record<string, unknown>;
      for (const k of [...new Set([...Object.keys(o), ...Object.keys(n)])])
        out.push(...diffAnswers(o[k], n[k], path ? `${path}.${k}` : k));
    }
    return out;
  }
  return Object.is(old, now) ? [] : [`${path || '(root)'}: ${show(old)} → ${show(now)}`];
}
