import { envBoolean, envList, envNumber, envOptional, envString } from '../config.js';

/**
 * One environment variable a process reads, as docs/configuration.md lists it. That page is
 * rendered from these declarations (infra/launch/src/configurationDoc.ts), and
 * readers take their defaults from them, so the page says what the code does.
 */
export interface Setting {
  /** What it does, in the operator's words; neither the default nor who reads it. */
  readonly description: string;
  /** The value a reader takes when the variable is unset or empty. */
  readonly default?: string | number | boolean;
  /** What unset means when no one value stands in for it: required, generated, another's value. */
  readonly unset?: string;
  /** Who reads it, when not everyone its group names. */
  readonly usedBy?: string;
  /** A credential: on Kubernetes it comes only from the Secret (docs/operations.md). */
  readonly secret?: boolean;
  /** Rarely set: the Kubernetes manifests leave it out, so it keeps its default there. */
  readonly rarelySet?: boolean;
}

/** Where a group of settings is listed: what the deployed processes read, the launchers, the QBO sandbox. */
export type SettingsPart = 'processes' | 'launchers' | 'sandbox';

/** Variables and their settings, in the order the page lists them. */
export type Settings = Readonly<Record<string, Setting>>;

/** What docs/configuration.md is rendered from; a package that cannot depend on this one declares the same shape. */
export interface SettingsDeclaration<T extends Settings = Settings> {
  readonly part: SettingsPart;
  /** Who reads the group's variables, e.g. 'svc-sync'. */
  readonly usedBy: string;
  readonly settings: T;
}

type KeysWithDefault<T extends Settings, V> = { [K in keyof T]: T[K] extends { default: V } ? K : never }[keyof T] & string;
type KeysWithoutDefault<T extends Settings> = { [K in keyof T]: T[K] extends { default: unknown } ? never : K }[keyof T] & string;

/** Declared settings with readers that take each variable's default from its declaration. */
export interface SettingsGroup<T extends Settings> extends SettingsDeclaration<T> {
  number(env: NodeJS.ProcessEnv, name: KeysWithDefault<T, number>): number;
  /** A variable with a text default, or one without a default, which must then be set. */
  string(env: NodeJS.ProcessEnv, name: KeysWithDefault<T, string> | KeysWithoutDefault<T>): string;
  boolean(env: NodeJS.ProcessEnv, name: KeysWithDefault<T, boolean>): boolean;
  /** The value, or undefined when unset or empty. */
  optional(env: NodeJS.ProcessEnv, name: keyof T & string): string | undefined;
  /** A comma-separated list, blanks dropped; empty when unset. */
  list(env: NodeJS.ProcessEnv, name: keyof T & string): string[];
  /** The declared default, for a reader whose parsing is its own. */
  defaultOf<K extends KeysWithDefault<T, string | number | boolean>>(name: K): T[K]['default'];
}

export function defineSettings<const T extends Settings>(group: Omit<SettingsDeclaration<T>, 'settings'>, settings: T): SettingsGroup<T> {
  const defaultOf = (name: string) => settings[name]?.default;
  return {
    ...group,
    settings,
    number: (env, name) => envNumber(env, name, defaultOf(name) as number),
    string: (env, name) => envString(env, name, defaultOf(name) as string | undefined),
    boolean: (env, name) => envBoolean(env, name, defaultOf(name) as boolean),
    optional: (env, name) => envOptional(env, name),
    list: (env, name) => envList(env, name),
    defaultOf: (name) => defaultOf(name) as never,
  };
}
