import type { ComponentType } from 'react';

/** A remote's `./routes`: its pages below its top-level path, a path it does not know its NotFoundPage. */
export interface RoutesModule {
  default: ComponentType;
}

/**
 * What each remote exposes and the shell loads, by Module Federation name. Each remote holds its
 * modules to its entry when it compiles (its src/exposes.ts), and the shell places only what is
 * listed here (shell/src/federation/pageRemotes.ts), so a remote and a shell deployed apart agree
 * on module names, export names and props (docs/development.md, Add a screen).
 */
export interface ExposedModules {
  mfe_purchase_orders: {
    routes: RoutesModule;
    widgets: { BulkPurchaseOrdersWidget: ComponentType; ProgramsWidget: ComponentType };
    /** Sections of the shell's Settings page (shell/src/federation/pageRemotes.ts SETTINGS_SECTIONS). */
    settings: { VendorProgramDefaultsCard: ComponentType };
  };
  mfe_sales_orders: { routes: RoutesModule; widgets: { RecentSalesOrdersWidget: ComponentType } };
  mfe_pull_tickets: { routes: RoutesModule };
  mfe_catalog: { routes: RoutesModule; widgets: { StockAlertsWidget: ComponentType } };
}

export type RemoteName = keyof ExposedModules;

/** Compiles only when `Modules`, a remote's modules as it builds them, give what its entry promises. */
export type Exposing<R extends RemoteName, Modules extends ExposedModules[R]> = Modules;
