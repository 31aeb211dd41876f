// Query keys of the pages a mailed link opens. They have a root of their own, not under `auth`:
// refreshing who is signed in must never send a one-time token a second time.
export const mailedLinkKeys = {
  all: ['mailed-link'] as const,
  resetToken: (token: string) => [...mailedLinkKeys.all, 'reset-token', token] as const,
  verifyEmail: (token: string) => [...mailedLinkKeys.all, 'verify-email', token] as const,
};
