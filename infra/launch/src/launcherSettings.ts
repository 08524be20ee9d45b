import { defineSettings } from '@printpool/service-kit';

/**
 * What `npm start` (all-in-one.ts) and `npm run start:distributed` (distributed.ts) read
 * themselves; the rest of the environment they pass on to the processes they run.
 */
export const LAUNCHER_SETTINGS = defineSettings(
  { part: 'launchers', usedBy: '`npm start`, `npm run start:distributed`' },
  {
    PORT: { default: 3000, description: "the gateway's port: the one port of the all-in-one mode" },
    HOST: { default: '127.0.0.1', usedBy: '`npm start`', description: 'address the all-in-one mode listens on' },
    SERVICE_BASE_PORT: {
      unset: '`PORT` + 100',
      usedBy: '`npm run start:distributed`',
      description:
        'the services listen from it: svc-inventory + 1, svc-sync + 2, svc-documents + 3, the QBO sandbox + 10, the dev mailbox + 20, replicas + 40 and up (docs/operations.md)',
    },
  },
);
