// The floor of the signed-in dashboard's first load (bench/frontend/RESULTS.md): the shell and
// the dashboard's widgets as one bundle, without Module Federation. Everything else is the
// shell's own production build (libs/platform/build/federation.js): the same loaders, antd's
// stylesheet cut the same way, the same minifiers, page template and brotli copies.
import { join } from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { federatedConfig } from '@printpool/platform/federation';

const shellDir = join(import.meta.dirname, '../../../shell');

export default () => {
  const shell = federatedConfig({ packageDir: shellDir, name: 'shell', title: 'PrintPool', port: 4200 }, 'production');
  return {
    ...shell,
    entry: { main: ['antd/dist/antd.css?part=first', join(import.meta.dirname, 'src/index.ts')] },
    // Served by the gateway at /floor/ (bench/frontend/src/webRoot.ts).
    output: { ...shell.output, path: join(import.meta.dirname, 'dist'), publicPath: '/floor/' },
    plugins: [
      ...shell.plugins.filter((plugin) => !(plugin instanceof ModuleFederationPlugin)),
      // Each dashboard widget imported directly where the shell loads it from its remote.
      new rspack.NormalModuleReplacementPlugin(/[\\/]federation[\\/]RemoteArea\.js$/, join(import.meta.dirname, 'src/RemoteArea.tsx')),
    ],
  };
};
