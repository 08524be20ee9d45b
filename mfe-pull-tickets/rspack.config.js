import { federatedConfig } from '@printpool/platform/federation';

export default (_env, { mode = 'production' } = {}) =>
  federatedConfig(
    {
      packageDir: import.meta.dirname,
      name: 'mfe_pull_tickets',
      title: 'PrintPool – Pull Tickets',
      port: 4203,
      exposes: { './routes': './src/routes/index.tsx' },
    },
    mode,
  );
