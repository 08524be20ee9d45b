import type { MemberRole } from '@printpool/contracts';

/** How the Team page names each role, and what it allows (docs/product.md §6). */
export const ROLE_OPTIONS: { value: MemberRole; label: string; description: string }[] = [
  { value: 'owner', label: 'Owner', description: 'Everything, including the team and the QuickBooks connection' },
  { value: 'staff', label: 'Staff', description: 'The daily work: orders, pull tickets, documents and sync' },
  { value: 'viewer', label: 'Viewer', description: 'Reads everything, changes nothing' },
];

export const roleLabel = (role: MemberRole): string => ROLE_OPTIONS.find((option) => option.value === role)?.label ?? role;
