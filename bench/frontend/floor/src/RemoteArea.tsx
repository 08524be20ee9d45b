import type { ComponentType } from 'react';
import type { RemoteModule } from '../../../../shell/src/federation/pageRemotes.js';
import * as catalogWidgets from '../../../../mfe-catalog/src/widgets/index.js';
import * as purchaseOrderWidgets from '../../../../mfe-purchase-orders/src/widgets/index.js';
import * as salesOrderWidgets from '../../../../mfe-sales-orders/src/widgets/index.js';

/** Each remote's `./widgets` (the modules its rspack.config.js exposes), bundled with the shell. */
const WIDGETS: Record<string, Record<string, ComponentType>> = {
  mfe_catalog: catalogWidgets,
  mfe_purchase_orders: purchaseOrderWidgets,
  mfe_sales_orders: salesOrderWidgets,
};

/**
 * Stands in for the shell's RemoteArea (shell/src/federation/RemoteArea.tsx) in the floor
 * build: the dashboard's widget, imported directly rather than loaded at runtime. The floor
 * is measured on the dashboard only, so a remote's pages and settings are not in it.
 */
export function RemoteArea({ remote, exposed, exportName = 'default' }: RemoteModule) {
  const Widget = exposed === 'widgets' ? WIDGETS[remote.name]?.[exportName] : undefined;
  if (!Widget) throw new Error(`the floor bundles the dashboard's widgets only, not ${remote.name}/${exposed}#${exportName}`);
  return <Widget />;
}
