import { federatedConfig } from '@printpool/platform/federation';

export default (_env, { mode = 'production' } = {}) =>
  federatedConfig(
    {
      packageDir: import.meta.dirname,
      name: 'mfe_sales_orders',
      title: 'PrintPool – Sales Orders',
      port: 4202,
      exposes: { './routes': './src/routes/index.tsx', './widgets': './src/widgets/index.ts' },
    },
    mode,
  );
