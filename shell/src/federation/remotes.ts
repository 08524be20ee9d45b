import { loadRemote, preloadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@printpool/platform';
import { remoteModulesOf } from './pageRemotes.js';
import { assertCompatible, keepDeclaredShared, knownIncompatibility } from './sharedCompatibility.js';

/** Where the gateway (or the dev server) says each remote's manifest lives: { mfe_catalog: '/remotes/…/mf-manifest.json' }. */
const REMOTES_MANIFEST = '/remotes.json';

let registered: Promise<Map<string, string>> | undefined;

async function fetchAndRegister(): Promise<Map<string, string>> {
  const response = await fetch(REMOTES_MANIFEST);
  if (!response.ok) throw new Error(`${response.status}: ${REMOTES_MANIFEST} is unavailable`);
  const entries = new Map(
    Object.entries((await response.json()) as Record<string, string>).map(([name, entry]) => [name, new URL(entry, window.location.href).href]),
  );
  registerPlugins([keepDeclaredShared]);
  registerRemotes([...entries].map(([name, entry]) => ({ name, entry })));
  return entries;
}

/** Fetches /remotes.json once; a failed fetch is forgotten so that Retry can fetch it again. */
function remoteEntries(): Promise<Map<string, string>> {
  registered ??= fetchAndRegister().catch((error: unknown) => {
    registered = undefined;
    throw error;
  });
  return registered;
}

/** A remote that neither loads nor fails (a host that accepts and never answers) ends as a failure. */
const LOAD_TIMEOUT_MS = 15_000;

/**
 * Failed attempts per remote. The runtime caches a remote's loading by entry URL, failed or
 * hanging, so each attempt after a failure registers the entry under a URL of its own.
 */
const failedAttempts = new Map<string, number>();

/**
 * Loads `<remote>/<exposed>`. After a failure (and on Retry) the remote is registered afresh,
 * which drops whatever the runtime cached from the failed attempt.
 */
export async function loadRemoteModule<T>(remote: RemoteName, exposed: string, retry: boolean): Promise<T> {
  const entries = await remoteEntries();
  const entry = entries.get(remote);
  if (!entry) throw new Error(`${remote} is not listed in ${REMOTES_MANIFEST}`);
  const failures = failedAttempts.get(remote) ?? 0;
  let manifest = entry;
  if (retry || failures > 0) {
    const fresh = new URL(entry);
    fresh.searchParams.set('attempt', String(failures + 1));
    manifest = fresh.href;
    registerRemotes([{ name: remote, entry: manifest }], { force: true });
  }
  try {
    const module = await withTimeout(loadRemote<T>(`${remote}/${exposed}`), LOAD_TIMEOUT_MS, `${remote}/${exposed} did not load in time`);
    if (!module) throw new Error(`${remote}/${exposed} could not be loaded`);
    // Checked once the module is in, against the manifest the runtime read for it: nothing is
    // downloaded twice, and a remote that cannot run here shows what it needs before it renders.
    await assertCompatible(manifest);
    failedAttempts.delete(remote);
    return module;
  } catch (error) {
    failedAttempts.set(remote, failures + 1);
    // A remote that fails as it loads may fail for want of what this shell provides: that is the message it deserves.
    throw knownIncompatibility(manifest) ?? error;
  }
}

/**
 * Whether a remote's manifest answers now. An area showing the remote's failure asks this every
 * few seconds (RemoteBoundary.tsx), out of sight, and loads the remote again only once it does.
 */
export async function remoteAnswers(remote: RemoteName): Promise<boolean> {
  try {
    const entry = (await remoteEntries()).get(remote);
    return entry !== undefined && (await fetch(entry, { cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Starts fetching the manifest and, as soon as it is in, the entries and chunks of the remote
 * modules the first page shows, while the shell itself still loads; otherwise each would wait
 * for the one before (manifest, entry, chunk). A failed preload costs nothing: the page's own
 * load of the remote fails the same way and offers Retry.
 */
export function prefetchRemoteEntries(pathname: string): void {
  const modules = remoteModulesOf(pathname);
  remoteEntries()
    .then(() => preloadRemote(modules.map(({ remote, exposed }) => ({ nameOrAlias: remote.name, exposes: [exposed] }))))
    .catch(() => undefined);
}
