/**
 * A small stand-in for the Foundry VTT v13 globals the module calls, for the browser test
 * (test/foundry/module-browser.suite.ts) and the docs' screenshots: each global typed against the module's
 * declarations (../types/foundry.d.ts), so the stand-in offers exactly what the module may call. Chat messages
 * go into #chat-log, journal entries and their flags are kept in memory (copied as JSON, as Foundry stores them),
 * an application is a div with a window header, and a saved file is kept in `window.saved`.
 */

type Fn = (...args: never[]) => unknown;
const hooks = new Map<string, Fn[]>();
let hookId = 0;

const standinHooks: FoundryHooks = {
  once(hook, fn) {
    hooks.set(hook, [...(hooks.get(hook) ?? []), fn]);
    return ++hookId;
  },
  callAll(hook, ...args) {
    const fns = hooks.get(hook) ?? [];
    hooks.delete(hook);
    for (const fn of fns) (fn as (...a: unknown[]) => unknown)(...args);
    return true;
  },
};

class StandinJournalEntry implements FoundryJournalEntry {
  readonly id: string;
  flags: Record<string, Record<string, unknown>> = {};
  constructor(public name: string) {
    this.id = `journal${journal.size + 1}`;
  }
  getFlag(scope: string, key: string): unknown {
    const v = this.flags[scope]?.[key];
    return v === undefined ? undefined : JSON.parse(JSON.stringify(v));
  }
  async setFlag(scope: string, key: string, value: unknown): Promise<this> {
    this.flags[scope] = { ...this.flags[scope], [key]: JSON.parse(JSON.stringify(value)) };
    return this;
  }
}
const journal = new Map<string, StandinJournalEntry>();

const modules = new Map<string, FoundryModule>([['warcast', { id: 'warcast', active: true }]]);

const standinGame: FoundryGame = {
  modules: { get: (id) => modules.get(id) },
  journal: { getName: (name) => [...journal.values()].find((j) => j.name === name) },
  user: { isGM: true, name: 'Gamemaster' },
};

const notes: string[] = [];
const notifications: FoundryNotifications = {
  info: (m) => notes.push(`info: ${m}`),
  warn: (m) => notes.push(`warn: ${m}`),
  error: (m) => notes.push(`error: ${m}`),
};

const messages: { content: string; speaker?: object }[] = [];
const chat: FoundryChatMessageClass = {
  async create(data) {
    messages.push(data);
    const li = document.createElement('li');
    li.className = 'chat-message';
    li.innerHTML = `<header class="message-header">Gamemaster</header><div class="message-content">${data.content}</div>`;
    document.getElementById('chat-log')?.append(li);
    return data;
  },
  getSpeaker: () => ({ alias: 'Gamemaster' }),
};

const journalClass: FoundryJournalEntryClass = {
  async create(data) {
    const entry = new StandinJournalEntry(data.name);
    journal.set(entry.id, entry);
    return entry;
  },
};

type AppOptions = NonNullable<ConstructorParameters<typeof foundry.applications.api.ApplicationV2>[0]>;

/** ApplicationV2 as far as the module uses it: render() makes the window, fills it by _renderHTML/_replaceHTML. */
abstract class StandinApplicationV2 {
  #element: HTMLElement | null = null;
  constructor(readonly options: AppOptions = {}) {}
  get element(): HTMLElement {
    return this.#element!;
  }
  get rendered(): boolean {
    return this.#element !== null;
  }
  async render(_options: { force?: boolean } = {}): Promise<this> {
    if (!this.#element) {
      const el = document.createElement('div');
      el.className = ['application', ...(this.options.classes ?? [])].join(' ');
      if (this.options.id) el.id = this.options.id;
      const w = this.options.position?.width;
      if (typeof w === 'number') el.style.width = `${w}px`;
      const h = this.options.position?.height;
      if (typeof h === 'number') el.style.height = `${h}px`;
      el.innerHTML = `<header class="window-header"><h1 class="window-title">${this.options.window?.title ?? ''}</h1></header><section class="window-content"></section>`;
      document.getElementById('windows')?.append(el);
      this.#element = el;
    }
    const content = this.#element.querySelector<HTMLElement>('.window-content')!;
    this._replaceHTML(await this._renderHTML({}, {}), content, {});
    await this._onRender({}, {});
    return this;
  }
  async close(_options?: object): Promise<this> {
    this.#element?.remove();
    this.#element = null;
    return this;
  }
  protected abstract _renderHTML(context: object, options: object): Promise<unknown>;
  protected abstract _replaceHTML(result: unknown, content: HTMLElement, options: object): void;
  protected async _onRender(_context: object, _options: object): Promise<void> {}
}

const saved: { data: string; type: string; filename: string }[] = [];

const g = globalThis as unknown as {
  Hooks: FoundryHooks;
  game: FoundryGame;
  ui: { notifications: FoundryNotifications };
  ChatMessage: FoundryChatMessageClass;
  JournalEntry: FoundryJournalEntryClass;
  foundry: {
    applications: { api: { ApplicationV2: typeof foundry.applications.api.ApplicationV2 } };
    utils: { saveDataToFile: typeof foundry.utils.saveDataToFile };
  };
  standin: { messages: typeof messages; notes: string[]; saved: typeof saved; journal: typeof journal };
};
g.Hooks = standinHooks;
g.game = standinGame;
g.ui = { notifications };
g.ChatMessage = chat;
g.JournalEntry = journalClass;
// Protected members make classes nominal in TypeScript, so the class is cast: every public member the
// declarations give ApplicationV2 must exist here (this line fails to compile otherwise), and the protected
// methods the module overrides are declared above with the declarations' signatures.
const everyMember: [Exclude<keyof foundry.applications.api.ApplicationV2, keyof StandinApplicationV2>] extends [never]
  ? true
  : false = true;
void everyMember;
g.foundry = {
  applications: {
    api: { ApplicationV2: StandinApplicationV2 as unknown as typeof foundry.applications.api.ApplicationV2 },
  },
  utils: { saveDataToFile: (data, type, filename) => void saved.push({ data, type, filename }) },
};
g.standin = { messages, notes, saved, journal };
