import { federatedConfig } from '@printpool/platform/federation';

// Remotes are not listed here: the shell reads /remotes.json at startup (src/federation/remotes.ts).
export default (_env, { mode = 'production' } = {}) =>
  federatedConfig(
    {
      packageDir: import.meta.dirname,
      name: 'shell',
      title: 'PrintPool',
      port: 4200,
      // In development the dev server serves dev/remotes.json, pointing at the remotes' dev servers.
      devServer: { static: { directory: new URL('./dev', import.meta.url).pathname, publicPath: '/' } },
    },
    mode,
  );
