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
}
