import { INVENTORY_ROUTES } from '@printpool/contracts';
import { createServiceApp, createServiceClient, PROCESS_SETTINGS, type ServiceApp, type ServiceContext } from '@printpool/service-kit';
import type { ChangeContext } from './application/transaction.js';
import { customerRoutes } from './routes/customers.js';
import { dashboardRoutes } from './routes/dashboard.js';
import { historyRoutes } from './routes/history.js';
import { itemRoutes } from './routes/items.js';
import { vendorRoutes } from './routes/vendors.js';
import { programRoutes } from './routes/programs.js';
import { stockOwnerRoutes } from './routes/stockOwners.js';
import { customerStatementRoutes, customerStockRoutes } from './routes/customerStock.js';
import { reorderEstimateRoutes } from './routes/reorderEstimates.js';
import { receiptRoutes, receiptWriteBackRoutes } from './routes/receipts.js';
import { pullTicketRoutes } from './routes/pullTickets.js';
import { pullTicketSentRoutes } from './routes/pullTicketSent.js';
import { purchaseOrderRoutes } from './routes/purchaseOrders.js';
import { reconcileRoutes } from './routes/reconcile.js';
import { salesOrderRoutes } from './routes/salesOrders.js';
import { writeBackRoutes } from './routes/writeBack.js';

type AppContext = Pick<ServiceContext, 'logger' | 'internalTokenSecret' | 'acceptedInternalTokenSecrets' | 'env'>;

/** Every router of the service: `routers` for the gateway's calls, `internalRouters` for other services' only. */
export function inventoryRouters(context: AppContext, changes: ChangeContext) {
  const documents = createServiceClient({
    from: 'svc-inventory',
    to: 'svc-documents',
    baseUrl: context.env.DOCUMENTS_URL,
    secret: context.internalTokenSecret,
    timeoutMs: PROCESS_SETTINGS.number(context.env, 'SERVICE_TIMEOUT_MS'),
  });
  return {
    routers: [
      customerRoutes(changes.db),
      customerStockRoutes(changes),
      itemRoutes(changes.db),
      vendorRoutes(changes.db),
      purchaseOrderRoutes(changes),
      programRoutes(changes),
      stockOwnerRoutes(changes),
      receiptRoutes(changes),
      salesOrderRoutes(changes),
      pullTicketRoutes({ ...changes, documents, logger: context.logger }),
      dashboardRoutes(changes.db),
      historyRoutes(changes.db),
      reconcileRoutes(changes),
    ],
    internalRouters: [
      pullTicketSentRoutes(changes),
      writeBackRoutes(changes),
      receiptWriteBackRoutes(changes),
      customerStatementRoutes(changes.db),
      reorderEstimateRoutes(changes.db),
    ],
  };
}

/** The inventory service's HTTP app: catalog (customers, vendors, items), purchase orders and their programs, sales orders, the allocation ledger and pull tickets. */
export function createInventoryApp(context: AppContext, changes: ChangeContext): ServiceApp {
  return createServiceApp({
    name: 'svc-inventory',
    logger: context.logger,
    internalTokenSecret: context.internalTokenSecret,
    acceptedInternalTokenSecrets: context.acceptedInternalTokenSecrets,
    readiness: () => changes.db.ping(),
    ...inventoryRouters(context, changes),
    routes: INVENTORY_ROUTES,
  });
}
