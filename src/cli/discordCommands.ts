/**
 * `warcast discord`'s slash commands: their registration JSON (`--commands`), and what one interaction's options
 * mean — a scenario from an attached file or from the sides given as options. docs/discord.md.
 */
import { TACTICS } from '../rules/warMachine/tactics.js';
import { UsageError } from '../errors.js';
import type { ScenarioInput } from '../kinds/load.js';
import { INPUT_LIMITS } from '../scenario/input.js';
import { decodeScenarioBytes } from '../scenario/read.js';
import { fetchAttachment, type Attachment } from './discordHttp.js';

// Discord's option types (application command option types).
const STRING = 3;
const INTEGER = 4;
const BOOLEAN = 5;
const ATTACHMENT = 11;

const sideOptions = (side: 'a' | 'b', who: string) => [
  {
    type: STRING,
    name: `${side}_name`,
    description: `side ${side.toUpperCase()}'s name (default ${who})`,
    max_length: 100,
  },
  { type: INTEGER, name: `${side}_troops`, description: `side ${side.toUpperCase()}'s troops`, min_value: 1 },
  { type: INTEGER, name: `${side}_br`, description: `side ${side.toUpperCase()}'s battle rating (BR)`, min_value: 0 },
  {
    type: STRING,
    name: `${side}_tactic`,
    description: `side ${side.toUpperCase()}'s tactic (War Machine)`,
    choices: TACTICS.map((t) => ({ name: t, value: t })),
  },
];

const scenarioOption = {
  type: ATTACHMENT,
  name: 'scenario',
  description: 'a warcast scenario file (YAML or JSON), instead of the sides as options',
};
const seedOption = { type: INTEGER, name: 'seed', description: 'the seed (same seed, same answer)', min_value: 0 };

/** The slash commands, as Discord's "bulk overwrite global application commands" call takes them (PUT). */
export function commandDefinitions(): unknown[] {
  return [
    {
      name: 'odds',
      type: 1,
      description: 'who wins, how often, at what cost: the answer of warcast odds (or the kind’s own command)',
      options: [scenarioOption, ...sideOptions('a', 'Side A'), ...sideOptions('b', 'Side B'), seedOption],
    },
    {
      name: 'roll',
      type: 1,
      description: 'play one game with dice and post the narrated roll (warcast roll)',
      options: [
        scenarioOption,
        ...sideOptions('a', 'Side A'),
        ...sideOptions('b', 'Side B'),
        seedOption,
        { type: BOOLEAN, name: 'sealed', description: "roll with this channel's open sealed round (see /seal)" },
      ],
    },
    {
      name: 'seal',
      type: 1,
      description: 'open a sealed round in this channel (post its commitment), or add your contribution to it',
      options: [
        { type: STRING, name: 'contrib', description: 'your contribution to the open sealed round', max_length: 200 },
      ],
    },
    {
      name: 'verify',
      type: 1,
      description: 'check a sealed roll: every die against the commitment, the contributions and the scenario',
      options: [
        { type: ATTACHMENT, name: 'scenario', description: 'your copy of the scenario file rolled', required: true },
        {
          type: ATTACHMENT,
          name: 'post',
          description: "the post saved as a file (default: this channel's last sealed roll)",
        },
        { type: STRING, name: 'commitment', description: 'the commitment you saw before sending orders' },
        { type: STRING, name: 'contrib', description: 'your contribution, to check it was counted', max_length: 200 },
      ],
    },
  ];
}

/** An application-command interaction, as far as warcast reads it. */
export interface CommandInteraction {
  application_id?: string;
  token?: string;
  channel_id?: string;
  data?: {
    name?: string;
    options?: { name: string; type: number; value?: unknown }[];
    resolved?: { attachments?: Record<string, Attachment> };
  };
}

/** The value of option `name`, if given (a signed request can still hold anything: options not a list, items not objects). */
export function option(i: CommandInteraction, name: string): string | number | boolean | undefined {
  const options: unknown = i.data?.options;
  const v = Array.isArray(options)
    ? (options as unknown[]).find(
        (o): o is { value?: unknown } => typeof o === 'object' && o !== null && (o as { name?: unknown }).name === name,
      )?.value
    : undefined;
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : undefined;
}

/** The attachment given as option `name`, as the interaction's resolved data describes it. */
export function attachmentOption(i: CommandInteraction, name: string): Attachment | undefined {
  const id = option(i, name);
  const a = id === undefined ? undefined : i.data?.resolved?.attachments?.[String(id)];
  return a && typeof a.url === 'string' && typeof a.filename === 'string' ? a : undefined;
}

/** Discord waits 3 s for an interaction's first answer: a download must end well within it. */
export const DOWNLOAD_MS = 2000;

/** An attachment's text, fetched within the limit and time a scenario file gets. */
export async function attachmentBytes(a: Attachment, apiBase: string): Promise<Buffer> {
  return fetchAttachment(a, apiBase, INPUT_LIMITS.scenario, DOWNLOAD_MS);
}

/** The scenario of /odds or /roll: the attached file, or a War Machine battle from the sides' options. */
export interface GivenScenario {
  input: ScenarioInput;
  /** How the answer names it (the file's name, or the options). */
  file: string;
  /** The file's bytes (a sealed roll hashes them), when attached. */
  bytes?: Buffer;
}

export async function givenScenario(i: CommandInteraction, apiBase: string): Promise<GivenScenario> {
  const a = attachmentOption(i, 'scenario');
  if (a) {
    const bytes = await attachmentBytes(a, apiBase);
    return { input: { text: decodeScenarioBytes(bytes, a.filename), file: a.filename }, file: a.filename, bytes };
  }
  const side = (s: 'a' | 'b', name: string) => {
    const troops = option(i, `${s}_troops`);
    const br = option(i, `${s}_br`);
    if (troops === undefined || br === undefined)
      throw new UsageError(`attach a scenario file, or give both sides' troops and BR (${s}_troops, ${s}_br)`);
    const tactic = option(i, `${s}_tactic`);
    return {
      name: String(option(i, `${s}_name`) ?? name),
      troops,
      battleRating: br,
      ...(tactic === undefined ? {} : { tactic }),
    };
  };
  return {
    input: { kind: 'war-machine', sides: [side('a', 'Side A'), side('b', 'Side B')] },
    file: 'the options of this command',
  };
}
