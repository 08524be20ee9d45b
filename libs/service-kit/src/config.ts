import { ConfigurationError } from './config/required.js';

/** Reads service configuration from the environment; secrets never have committed defaults. */
export function envString(env: NodeJS.ProcessEnv, name: string, fallback?: string): string {
  const value = env[name];
  if (value !== undefined && value !== '') return value;
  if (fallback !== undefined) return fallback;
  throw new ConfigurationError(`Missing required environment variable ${name}`, [name]);
}

export function envOptional(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}

/** A comma-separated list, blanks dropped; empty when unset. */
export function envList(env: NodeJS.ProcessEnv, name: string): string[] {
  return (env[name] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export function envNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw new ConfigurationError(`Environment variable ${name} must be a number, got '${raw}'`);
  return n;
}

export function envBoolean(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return raw === 'true' || raw === '1';
}
