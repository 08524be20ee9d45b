import { federatedConfig } from '@printpool/platform/federation';

export default (_env, { mode = 'production' } = {}) =>
  federatedConfig(
    {
      packageDir: import.meta.dirname,
      name: 'mfe_purchase_orders',
      title: 'PrintPool – Purchase Orders',
      port: 4201,
      exposes: { './routes': './src/routes/index.tsx', './widgets': './src/widgets/index.ts', './settings': './src/settings/index.ts' },
    },
    mode,
  );
