import { federatedConfig } from '@printpool/platform/federation';

export default (_env, { mode = 'production' } = {}) =>
  federatedConfig(
    {
      packageDir: import.meta.dirname,
      name: 'mfe_catalog',
      title: 'PrintPool – QuickBooks Data',
      port: 4204,
      exposes: { './routes': './src/routes/index.tsx', './widgets': './src/widgets/index.ts' },
    },
    mode,
  );
