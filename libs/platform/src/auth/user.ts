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
}
