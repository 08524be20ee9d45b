import { getInstance, satisfy, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** A shared module as a remote's mf-manifest.json declares it. */
export interface DeclaredShared {
  name: string;
  requiredVersion?: string | false;
  singleton?: boolean;
}

/**
 * A remote built against shared libraries this shell cannot give it (React of another major, an
 * older @printpool/platform): run anyway, it would meet the shell's copy and break in ways no
 * message explains, so its area says what it needs instead.
 */
export class IncompatibleRemote extends Error {
  constructor(readonly needs: readonly string[]) {
    super(`It needs ${needs.join(', ')}.`);
    this.name = 'IncompatibleRemote';
  }
}

/** What the remote requires of the singletons the shell provides and the shell cannot satisfy, as 'react ^20.0.0 (this app has 19.3.1)'. */
export function unmetRequirements(declared: readonly DeclaredShared[], provided: ReadonlyMap<string, string>): string[] {
  return declared.flatMap(({ name, requiredVersion, singleton }) => {
    const version = provided.get(name);
    if (!singleton || !requiredVersion || !version || satisfy(version, requiredVersion)) return [];
    return [`${name} ${requiredVersion} (this app has ${version})`];
  });
}

/** The versions of the shared modules this shell provides, from its federation runtime. */
function providedVersions(): Map<string, string> {
  const shared = (getInstance()?.options.shared ?? {}) as Record<string, readonly { version?: string }[]>;
  return new Map(Object.entries(shared).flatMap(([name, versions]) => (versions[0]?.version ? [[name, versions[0].version] as [string, string]] : [])));
}

/** Each remote's shared modules as the federation runtime read them from its manifest, by the manifest's URL. */
const readByRuntime = new Map<string, readonly DeclaredShared[]>();

/** A runtime plugin (remotes.ts registers it) that keeps what each manifest declares, so the check downloads none again. */
export const keepDeclaredShared: ModuleFederationRuntimePlugin = {
  name: 'printpool-declared-shared',
  afterLoadManifest({ manifestUrl, manifestJson }) {
    if (manifestJson) readByRuntime.set(manifestUrl, manifestJson.shared ?? []);
  },
};

/** What the remote declares, from the runtime's reading or else its own; undefined when the manifest cannot be read. */
async function declaredShared(manifestUrl: string): Promise<readonly DeclaredShared[] | undefined> {
  const read = readByRuntime.get(manifestUrl);
  if (read) return read;
  const response = await fetch(manifestUrl);
  if (!response.ok) return undefined;
  return ((await response.json()) as { shared?: DeclaredShared[] }).shared ?? [];
}

function incompatibility(declared: readonly DeclaredShared[]): IncompatibleRemote | undefined {
  const needs = unmetRequirements(declared, providedVersions());
  return needs.length > 0 ? new IncompatibleRemote(needs) : undefined;
}

/** Why a remote whose load failed cannot run here, when the manifest the runtime read says so; nothing is downloaded for it. */
export function knownIncompatibility(manifestUrl: string): IncompatibleRemote | undefined {
  const declared = readByRuntime.get(manifestUrl);
  return declared && incompatibility(declared);
}

async function checkManifest(manifestUrl: string): Promise<void> {
  const declared = await declaredShared(manifestUrl);
  // An unreadable manifest fails the load itself, with the runtime's own message.
  const incompatible = declared && incompatibility(declared);
  if (incompatible) throw incompatible;
}

/** Each manifest's verdict, read once: a page loads several modules of one remote. */
const verdicts = new Map<string, Promise<void>>();

/** Throws IncompatibleRemote when a shared singleton the remote requires is one the shell cannot give; a manifest that could not be read is asked again next time. */
export function assertCompatible(manifestUrl: string): Promise<void> {
  let verdict = verdicts.get(manifestUrl);
  if (!verdict) {
    verdict = checkManifest(manifestUrl).catch((error: unknown) => {
      if (!(error instanceof IncompatibleRemote)) verdicts.delete(manifestUrl);
      throw error;
    });
    verdicts.set(manifestUrl, verdict);
  }
  return verdict;
}
