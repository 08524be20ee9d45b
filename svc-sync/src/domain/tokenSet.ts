/** A QuickBooks connection's OAuth tokens and when each expires: what Intuit hands out and db/connectionStore.ts keeps sealed. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
}
