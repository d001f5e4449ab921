/**
 * The kinds' own options on a toolkit command (a siege's `--week`, a cascade's `--player`), registered and read
 * from the registry (src/kinds/definition.ts `KindOption`): no kind's option is written in a command's file. The
 * toolkit refuses one on a scenario of a kind that does not declare it (src/toolkit/worth.ts `refuseOthersOptions`).
 */
import type { Command } from 'commander';
import type { KindOption, ToolkitCommand } from '../kinds/definition.js';
import { KIND_LIST } from '../kinds/index.js';

/** Every kind's options for `command`, each key once, in the registry's order. */
export function kindOptions(command: ToolkitCommand): KindOption[] {
  const seen = new Set<string>();
  return KIND_LIST.flatMap((k) => k.options ?? []).filter(
    (o) => o.commands.includes(command) && !seen.has(o.key) && seen.add(o.key),
  );
}

/** Register them on the command (its help lists each with the kind it is for). */
export function addKindOptions(cmd: Command, command: ToolkitCommand): Command {
  for (const o of kindOptions(command)) cmd.option(o.flag, o.description);
  return cmd;
}

/** Their values from commander's flags, parsed by the kind's rule; a negated flag (`--no-npc`) only when given. */
export function readKindOptions(command: ToolkitCommand, flags: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const o of kindOptions(command)) {
    const v = flags[o.key];
    if (o.flag.startsWith('--no-')) {
      if (v === false) out[o.key] = false;
    } else if (v !== undefined) out[o.key] = o.parse ? o.parse(String(v)) : v;
  }
  return out;
}
