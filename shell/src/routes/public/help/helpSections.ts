import type { ComponentType } from 'react';
import { AdditionalHelp } from './sections/AdditionalHelp.js';
import { AppConnection } from './sections/AppConnection.js';
import { EstimateWorkflow } from './sections/EstimateWorkflow.js';
import { InitialSync } from './sections/InitialSync.js';
import { PullTickets } from './sections/PullTickets.js';
import { QuickBooksSetup } from './sections/QuickBooksSetup.js';
import { SettingsConfig } from './sections/SettingsConfig.js';
import { Troubleshooting } from './sections/Troubleshooting.js';
import { VirtualInventory } from './sections/VirtualInventory.js';

export interface HelpTopic {
  /** Element id, linked from the table of contents and from elsewhere as /help#<id>. */
  id: string;
  title: string;
  Content: ComponentType;
}

/** The guide in reading order; the table of contents is built from the same list. */
export const HELP_TOPICS: readonly HelpTopic[] = [
  { id: 'quickbooks-setup', title: 'QuickBooks Online Setup', Content: QuickBooksSetup },
  { id: 'app-connection', title: 'Connecting to QuickBooks', Content: AppConnection },
  { id: 'settings-config', title: 'Settings Configuration', Content: SettingsConfig },
  { id: 'initial-sync', title: 'Initial Data Sync', Content: InitialSync },
  { id: 'estimate-workflow', title: 'Estimate Workflow', Content: EstimateWorkflow },
  { id: 'virtual-inventory', title: 'Virtual Inventory', Content: VirtualInventory },
  { id: 'pull-tickets', title: 'Pull Tickets', Content: PullTickets },
  { id: 'troubleshooting', title: 'Troubleshooting', Content: Troubleshooting },
  { id: 'additional-help', title: 'Need Additional Help', Content: AdditionalHelp },
];
