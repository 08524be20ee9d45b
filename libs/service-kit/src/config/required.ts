/**
 * A process that cannot start with the configuration it was given. Launchers print its message
 * alone, without a stack: it names what the operator must set, every missing variable at once.
 */
export class ConfigurationError extends Error {
  constructor(
    message: string,
    /** The variables that were not set. */
    readonly missing: readonly string[] = [],
  ) {
    super(message);
    this.name = 'ConfigurationError';
  }
}

/**
 * The names among `names` that `env` leaves unset or empty, in the order given. An entry
 * `A|B` is met by either variable (a key ring or its one-key form), and named 'A or B'.
 */
export function missingVariables(env: NodeJS.ProcessEnv, names: readonly string[]): string[] {
  const unset = (name: string) => env[name] === undefined || env[name] === '';
  return [...new Set(names)].filter((entry) => entry.split('|').every(unset)).map((entry) => entry.split('|').join(' or '));
}

/** Throws one ConfigurationError naming every variable of `names` that is not set. */
export function requireVariables(env: NodeJS.ProcessEnv, names: readonly string[], who: string): void {
  const missing = missingVariables(env, names);
  if (missing.length === 0) return;
  const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
  throw new ConfigurationError(`${who} needs ${list}: set ${missing.length === 1 ? 'it' : 'them'} in the environment (docs/configuration.md)`, missing);
}
