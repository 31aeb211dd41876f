// Turns an API error body ({status, message, violations}) into text for the user.
import { ApiError, TimeoutError } from '@/shared/api/client';

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof TimeoutError) return 'Der Server antwortet gerade nicht. Bitte versuche es gleich noch einmal.';
  if (error instanceof ApiError) {
    const body = error.body as { message?: string; violations?: { message: string }[] } | undefined;
    if (body?.violations?.length) return body.violations.map((v) => v.message).join(' ');
    if (body?.message) return body.message;
  }
  return fallback;
}
