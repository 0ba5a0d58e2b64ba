// The command registry: the one place an action is defined; palette, hotkeys, help and menus read it.

/** What a command can see and do when it runs. */
export interface CommandContext {
  navigate: (to: string) => void;
  /** The current route's name (see src/routes.ts), or null before the router knows it. */
  routeName: string | null;
  signedIn: boolean;
  /** The list being viewed, when one is. */
  listId: number | null;
  /** Tasks selected with list keyboard navigation (x, shift+x); bulk task commands act on them. */
  selectedTaskIds?: number[];
  /** The task open in task.detail, when one is (task shortcuts apply then). */
  taskId?: number | null;
  /** Set by the palette: the focus is in the palette, not where the command acts (a kanban card, a row). */
  fromPalette?: boolean;
}

/** One choice on a command's pick page. `id` is what the command's run receives as its input. */
export interface PickOption {
  id: string;
  title: string;
  /** A second line: the list of a task, the namespace of a list. */
  hint?: string;
  /** Shown whatever was typed, after the ranked options: "Create label …", a date read from the typed words. */
  fixed?: boolean;
}

/**
 * A command that needs a choice (a list, a label, a bucket) declares its choices; the palette shows them as a
 * nested pick page, filtered as the person types, and passes the picked option's id to run.
 */
export interface CommandPick {
  /** i18n key of the pick page's input placeholder. */
  placeholder: string;
  /** The choices for what is typed so far (the palette ranks them by it; `fixed` ones stay). */
  options: (ctx: CommandContext, query: string) => PickOption[] | Promise<PickOption[]>;
}

export interface Command<Id extends string = string> {
  id: Id;
  /** i18n key of the title. */
  title: string;
  /** Groups commands in the palette and the help modal (e.g. "general", "navigation"). */
  section: string;
  /** tinykeys bindings: "$mod+k" (ctrl, ⌘ on Apple), sequences like "g u". */
  keys?: string[];
  /** Whether the command exists here at all (listed in the palette); absent means everywhere. */
  visible?: (ctx: CommandContext) => boolean;
  /** The older name of `visible`, still read: a command with either is shown where it returns true. */
  when?: (ctx: CommandContext) => boolean;
  /** Whether it can run now; a visible command that cannot is shown disabled with `disabledReason`. */
  enabled?: (ctx: CommandContext) => boolean;
  /** i18n key saying why the command cannot run now (what to do first); a function when it depends on why. */
  disabledReason?: string | ((ctx: CommandContext) => string);
  /** i18n key of the input placeholder when the command needs typed, non-empty input (palette "active command"). */
  input?: string;
  /** The choices of a command that needs one (see CommandPick); keys and the palette open its pick page. */
  pick?: CommandPick;
  run: (ctx: CommandContext, input?: string) => void | Promise<void>;
}

/**
 * An area's commands, with each id kept as its literal type: commands/ids.ts joins them into `CommandId`, so running a
 * command by a mistyped id does not compile.
 */
export function defineCommands<const Id extends string>(commands: Command<Id>[]): Command<Id>[] {
  return commands;
}

export interface Registry {
  register(command: Command): () => void;
  registerAll(commands: Command[]): () => void;
  get(id: string): Command | undefined;
  /** Every command, in registration order. */
  list(): Command[];
  /** Commands that are visible and enabled in this context. */
  applicable(ctx: CommandContext): Command[];
  /** Visible and enabled: a key or a click may run it. */
  isApplicable(command: Command, ctx: CommandContext): boolean;
  /** Commands to list in this context (enabled or not). */
  visible(ctx: CommandContext): Command[];
  isVisible(command: Command, ctx: CommandContext): boolean;
  isEnabled(command: Command, ctx: CommandContext): boolean;
  /** The i18n key of why a command cannot run now, when it says. */
  reasonFor(command: Command, ctx: CommandContext): string | undefined;
  /** Runs a command by id if it applies; returns whether it ran. */
  run(id: string, ctx: CommandContext, input?: string): Promise<boolean>;
  /** Called after each change, so bindings can follow. */
  subscribe(listener: () => void): () => void;
}

export function createRegistry(): Registry {
  const commands = new Map<string, Command>();
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((l) => l());

  const isVisible = (command: Command, ctx: CommandContext) => (command.visible ? command.visible(ctx) : true) && (command.when ? command.when(ctx) : true);
  const isEnabled = (command: Command, ctx: CommandContext) => (command.enabled ? command.enabled(ctx) : true);
  const isApplicable = (command: Command, ctx: CommandContext) => isVisible(command, ctx) && isEnabled(command, ctx);

  const registry: Registry = {
    register(command) {
      if (commands.has(command.id)) throw new Error(`Command "${command.id}" is already registered`);
      commands.set(command.id, command);
      changed();
      return () => {
        if (commands.get(command.id) === command) {
          commands.delete(command.id);
          changed();
        }
      };
    },
    registerAll(list) {
      const undo = list.map((c) => registry.register(c));
      return () => undo.forEach((u) => u());
    },
    get: (id) => commands.get(id),
    list: () => [...commands.values()],
    applicable: (ctx) => [...commands.values()].filter((c) => isApplicable(c, ctx)),
    isApplicable,
    visible: (ctx) => [...commands.values()].filter((c) => isVisible(c, ctx)),
    isVisible,
    isEnabled,
    reasonFor: (command, ctx) => (typeof command.disabledReason === 'function' ? command.disabledReason(ctx) : command.disabledReason),
    async run(id, ctx, input) {
      const command = commands.get(id);
      if (!command || !isApplicable(command, ctx)) return false;
      await command.run(ctx, input);
      return true;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return registry;
}

/** The app's registry. */
export const registry = createRegistry();
