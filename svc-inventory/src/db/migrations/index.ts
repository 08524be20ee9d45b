import { inboxMigrations, outboxMigrations, type Migration } from '@printpool/service-kit';
import { catalogMigration } from './001_catalog.js';
import { ordersMigration } from './002_orders.js';
import { pullTicketsMigration } from './003_pull_tickets.js';
import { pullTicketWorkflowMigration } from './004_pull_ticket_workflow.js';
import { listSearchMigration } from './005_list_search.js';
import { salesOrderTalliesMigration } from './006_sales_order_tallies.js';
import { tenantChangeAnnouncementsMigration } from './007_tenant_change_announcements.js';
import { quickbooksPrecisionMigration } from './008_quickbooks_precision.js';
import { quickbooksDocumentsMigration } from './009_quickbooks_documents.js';
import { poChosenByBrokerMigration } from './010_po_chosen_by_broker.js';
import { estimateShippingTermsMigration } from './011_estimate_shipping_terms.js';
import { pullTicketShipmentMigration } from './012_pull_ticket_shipment.js';
import { fractionalQuantitiesMigration } from './013_fractional_quantities.js';
import { onePoolConsumerMigration } from './014_one_pool_consumer.js';
import { documentHistoryMigration } from './015_document_history.js';
import { documentHistoryJsonMigration } from './016_document_history_json.js';
import { whatDocumentsReadMigration } from './017_what_documents_read.js';
import { historyExactPricesMigration } from './018_history_exact_prices.js';
import { deletedInQuickbooksMigration } from './019_deleted_in_quickbooks.js';
import { purchaseOrderTermsMigration } from './020_purchase_order_terms.js';
import { inventoryProgramsMigration } from './021_inventory_programs.js';
import { purchaseOrderReceiptsMigration } from './023_purchase_order_receipts.js';
import { releaseRulesMigration } from './024_release_rules.js';
import { itemPurchaseCostMigration } from './025_item_purchase_cost.js';
import { vendorsAddedHereMigration } from './026_vendors_added_here.js';
import { receiptWriteBackMigration } from './028_receipt_write_back.js';
import { customerStockMigration } from './029_customer_stock.js';
import { purchaseOrdersByVendorMigration } from './030_purchase_orders_by_vendor.js';
import { vendorLeadTimeMigration } from './033_vendor_lead_time.js';
import { reorderEstimatesMigration } from './034_reorder_estimates.js';
import { stockAssignmentsMigration } from './035_stock_assignments.js';
import { alertAnnouncementsMigration } from './036_alert_announcements.js';
import { salesOrdersByCustomerMigration } from './037_sales_orders_by_customer.js';
import { waitingSalesOrdersMigration } from './038_waiting_sales_orders.js';

export const migrations: Migration[] = [
  ...outboxMigrations,
  ...inboxMigrations,
  catalogMigration,
  ordersMigration,
  pullTicketsMigration,
  pullTicketWorkflowMigration,
  listSearchMigration,
  salesOrderTalliesMigration,
  tenantChangeAnnouncementsMigration,
  quickbooksPrecisionMigration,
  quickbooksDocumentsMigration,
  poChosenByBrokerMigration,
  estimateShippingTermsMigration,
  pullTicketShipmentMigration,
  fractionalQuantitiesMigration,
  onePoolConsumerMigration,
  documentHistoryMigration,
  documentHistoryJsonMigration,
  whatDocumentsReadMigration,
  historyExactPricesMigration,
  deletedInQuickbooksMigration,
  purchaseOrderTermsMigration,
  inventoryProgramsMigration,
  purchaseOrderReceiptsMigration,
  releaseRulesMigration,
  itemPurchaseCostMigration,
  vendorsAddedHereMigration,
  receiptWriteBackMigration,
  customerStockMigration,
  purchaseOrdersByVendorMigration,
  vendorLeadTimeMigration,
  reorderEstimatesMigration,
  stockAssignmentsMigration,
  alertAnnouncementsMigration,
  salesOrdersByCustomerMigration,
  waitingSalesOrdersMigration,
];
