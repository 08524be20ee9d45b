import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

/** Where the gateway (or the dev server) says each remote's manifest lives: { mfe_catalog: '/remotes/…/mf-manifest.json' }. */
const REMOTES_MANIFEST = '/remotes.json';

let registered: Promise<Map<string, string>> | undefined;

async function fetchAndRegister(): Promise<Map<string, string>> {
  const response = await fetch(REMOTES_MANIFEST);
  if (!response.ok) throw new Error(`${response.status}: ${REMOTES_MANIFEST} is unavailable`);
  const entries = new Map(
    Object.entries((await response.json()) as Record<string, string>).map(([name, entry]) => [name, new URL(entry, window.location.href).href]),
  );
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

/**
 * Loads `<remote>/<exposed>`. On a retry the remote is registered afresh, which drops whatever
 * the runtime cached from the failed attempt.
 */
export async function loadRemoteModule<T>(remote: string, exposed: string, retry: boolean): Promise<T> {
  const entries = await remoteEntries();
  const entry = entries.get(remote);
  if (!entry) throw new Error(`${remote} is not listed in ${REMOTES_MANIFEST}`);
  if (retry) registerRemotes([{ name: remote, entry }], { force: true });
  const module = await loadRemote<T>(`${remote}/${exposed}`);
  if (!module) throw new Error(`${remote}/${exposed} could not be loaded`);
  return module;
}

/** Starts fetching the manifest while the first page renders, so remotes are found sooner. */
export function prefetchRemoteEntries(): void {
  remoteEntries().catch(() => undefined);
}
