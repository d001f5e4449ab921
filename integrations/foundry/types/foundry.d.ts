/**
 * The few Foundry VTT v13 globals the warcast module calls, declared as narrowly as it uses them. Each declaration
 * is the one of `@league-of-foundry-developers/foundry-vtt-types` 13.345.1 (the file is named beside it),
 * simplified to the overload the module calls. That package cannot be installed here or in CI: it depends on
 * three git repositories (pixi.js, @pixi/basis, @pixi/particle-emitter from GitHub), which npm fetches over
 * git, not from the registry (docs/foundry.md, "How it is tested"). So `tsc -p integrations/foundry` fails on any
 * call not declared here, and a call declared here must exist in v13: add a declaration only from that package.
 */

declare global {
  /** src/foundry/client/helpers/hooks.d.mts: `Hooks.once`, `Hooks.on`, `Hooks.callAll`. */
  interface FoundryHooks {
    once(hook: string, fn: (...args: never[]) => unknown): number;
    callAll(hook: string, ...args: unknown[]): true;
  }
  var Hooks: FoundryHooks;

  /** src/foundry/client/packages/module.d.mts with configuration.d.mts `ModuleConfig` (a module's `api`). */
  interface FoundryModule {
    id: string;
    active: boolean;
    api?: unknown;
  }

  /** src/foundry/common/abstract/document.d.mts: flags, read and written on any document. */
  interface FoundryFlags {
    getFlag(scope: string, key: string): unknown;
    setFlag(scope: string, key: string, value: unknown): Promise<this>;
  }

  /** src/foundry/client/documents/journal-entry.d.mts (a world document: id, name, flags). */
  interface FoundryJournalEntry extends FoundryFlags {
    readonly id: string | null;
    name: string;
  }

  /**
   * src/foundry/client/game.d.mts: `game.modules` (Collection), `game.journal` (WorldCollection), `game.user`; the
   * collections may be undefined until Foundry has initialised them, as the package declares.
   */
  interface FoundryGame {
    readonly modules?: { get(id: string): FoundryModule | undefined };
    readonly journal?: { getName(name: string): FoundryJournalEntry | undefined };
    readonly user: { readonly isGM: boolean; readonly name: string } | null;
  }
  var game: FoundryGame;

  /** src/foundry/client/applications/ui/notifications.d.mts (`ui.notifications`: undefined before Foundry renders it). */
  interface FoundryNotifications {
    info(message: string): unknown;
    warn(message: string): unknown;
    error(message: string): unknown;
  }
  var ui: { notifications?: FoundryNotifications };

  /** src/foundry/client/documents/chat-message.d.mts: `ChatMessage.create(data)`, `ChatMessage.getSpeaker()`. */
  interface FoundryChatMessageClass {
    create(data: { content: string; speaker?: object; flags?: Record<string, unknown> }): Promise<unknown>;
    getSpeaker(): object;
  }
  var ChatMessage: FoundryChatMessageClass;

  /** src/foundry/client/documents/journal-entry.d.mts: `JournalEntry.create(data)`. */
  interface FoundryJournalEntryClass {
    create(data: { name: string }): Promise<FoundryJournalEntry | undefined>;
  }
  var JournalEntry: FoundryJournalEntryClass;

  namespace foundry {
    namespace applications.api {
      /** src/foundry/client/applications/api/application.d.mts: rendered by `_renderHTML` and `_replaceHTML`. */
      abstract class ApplicationV2 {
        constructor(options?: {
          id?: string;
          classes?: string[];
          window?: { title?: string; resizable?: boolean };
          position?: { width?: number | 'auto'; height?: number | 'auto' };
        });
        get element(): HTMLElement;
        get rendered(): boolean;
        render(options?: { force?: boolean }): Promise<this>;
        close(options?: object): Promise<this>;
        protected _renderHTML(context: object, options: object): Promise<unknown>;
        protected _replaceHTML(result: unknown, content: HTMLElement, options: object): void;
        protected _onRender(context: object, options: object): Promise<void>;
      }
    }
    namespace utils {
      /** src/foundry/client/utils/helpers.d.mts. */
      function saveDataToFile(data: string, type: string, filename: string): void;
    }
  }
}

export {};
