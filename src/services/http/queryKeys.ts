/** TanStack Query keys of the server data the views read. */
export const queryKeys = {
  me: ['user', 'me'],
  accounts: ['accounts'],
  businessProfile: ['business', 'profile'],
  websites: ['websites'],
  /** Who of the account is editing which record (GET /api/presence). */
  presence: ['presence'],
} as const;
