import { z } from 'zod';

/** Runtime Module Federation manifest: remote name → URL of its mf-manifest.json. */
export const RemotesManifestSchema = z.record(z.string(), z.string()).meta({ id: 'RemotesManifest' });

export type RemotesManifest = z.infer<typeof RemotesManifestSchema>;
