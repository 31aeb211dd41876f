// Query keys of the auth feature, built in one place.
export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
  oauthProviders: () => [...authKeys.all, 'oauth-providers'] as const,
};
