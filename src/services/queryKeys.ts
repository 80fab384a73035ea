/** TanStack Query keys of the server data the views read. */
export const queryKeys = {
  me: ['user', 'me'],
  accounts: ['accounts'],
  businessProfile: ['business', 'profile'],
  websites: ['websites'],
} as const;
