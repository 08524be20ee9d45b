import type { Exposing } from '@printpool/platform';
import type * as routes from './routes/index.js';
import type * as settings from './settings/index.js';
import type * as widgets from './widgets/index.js';

/** The modules rspack.config.js exposes, held by the compiler to what the shell loads (libs/platform exposedModules.ts). */
export type Exposes = Exposing<'mfe_purchase_orders', { routes: typeof routes; widgets: typeof widgets; settings: typeof settings }>;
