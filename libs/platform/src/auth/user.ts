import type { MemberRole } from '@printpool/contracts';

/** The signed-in user as GET /api/auth/user returns it. */
export interface AuthUser {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  bulkPoSuffix: string | null;
  bulkEstimateSuffix: string | null;
  faxNumber: string | null;
  /** What a pull ticket prints as price; absent from a gateway that predates the setting ('none'). */
  pullTicketPrices?: 'none' | 'cost';
  /** The member's role in the company (docs/product.md §6); absent from a gateway that predates roles (then a viewer's). */
  role?: MemberRole;
  /** The company the member belongs to. */
  companyName?: string;
  /** The version of the company's settings, which a save names (libs/contracts versionedWrite.ts). */
  settingsVersion?: string;
}
