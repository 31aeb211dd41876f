// A private calendar feed's address as the server answers it (POST /me/calendar_token for the
// candidate, POST /organizations/{id}/calendar_token for the provider's team): the token and the
// https address of the .ics, shown once (the server keeps only the token's hash). Shared by both
// sides, which show the same address and the same one-tap link for calendar apps.
export type CalendarLink = { token: string; url: string };

/** The feed's address for one tap in a calendar app: webcal:// instead of https:// (or http://). */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//, 'webcal://');
}
