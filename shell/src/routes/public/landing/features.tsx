import { ApiOutlined, AppstoreOutlined, FileTextOutlined, InboxOutlined, SendOutlined, TeamOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';

export interface Feature {
  title: string;
  description: string;
  icon: ReactNode;
}

export const FEATURES: readonly Feature[] = [
  {
    title: 'Estimate-Based Workflow',
    description:
      'Write estimates in QuickBooks Online as you do today. PrintPool imports them as sales orders, reserves the stock and turns accepted jobs into pull tickets.',
    icon: <FileTextOutlined />,
  },
  {
    title: 'Bulk Inventory Tracking',
    description:
      'Every bulk purchase order you place with a printer becomes a tracked pool, showing what has been used and what remains, from Available to Depleted.',
    icon: <InboxOutlined />,
  },
  {
    title: 'Automated Fulfilment',
    description: 'Generate pull tickets with shipping details, item specifications and PO references, and email them as PDFs to the vendor holding your stock.',
    icon: <SendOutlined />,
  },
  {
    title: 'Customer Management',
    description: 'Customer names, contacts and shipping addresses come straight from your books, so every order and pull ticket reaches the right person.',
    icon: <TeamOutlined />,
  },
  {
    title: 'Virtual Inventory Management',
    description: 'See what your vendors store on your behalf, what is committed to open orders and what is still free to sell, without running a warehouse.',
    icon: <AppstoreOutlined />,
  },
  {
    title: 'Native Accounting Integration',
    description:
      'Connect QuickBooks Online once: customers, items, purchase orders and estimates sync in, estimates sync back, and invoicing stays in your books.',
    icon: <ApiOutlined />,
  },
];
