// Rating an organization with 1 to 5 stars and an optional comment (POST
// /organization_star_ratings). The server decides the conditions (an activated account and at
// least 5 applications or an approved shift there, one rating per organization); the form asks it
// first (GET /organizations/{id}/star_rating_eligibility, issue 41 item 16) and is disabled with
// the reason when she may not rate yet or has rated already, and still shows a refused submit's
// answer in the spec's words; visitors are asked to sign in first. The stars are a radio group, so
// arrow keys and screen readers work as with any choice.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError } from '@/shared/api/client';
import { rateOrganization, ratingEligibilityQueryOptions, ratingKeys } from '@/shared/api/ratings';
import { useUser } from '@/shared/auth/use-user';
import { useMutationForm } from '@/shared/forms/use-mutation-form';
import form from '@/shared/ui/form.module.css';
import { organizationKeys } from '../api/organizations';
import styles from './star-rating.module.css';
import { track } from '@/shared/tracking/track';

export const RATING_MESSAGES = {
  conditions: 'Du kannst ein Unternehmen erst bewerten, wenn dein Konto aktiviert ist und du dich mindestens 5-mal beworben hast.',
  alreadyRated: 'Du hast dieses Unternehmen bereits bewertet.',
  stars: 'Bitte wähle 1 bis 5 Sterne.',
  generic: 'Deine Bewertung konnte nicht gespeichert werden. Bitte versuche es später noch einmal.',
} as const;

/** The German text for a refused rating: the server's when it sent one, else the spec's. */
export function ratingFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return RATING_MESSAGES.generic;
  const body = error.body as { message?: string; violations?: { message?: string }[] } | undefined;
  if (error.status === 403) return body?.message || RATING_MESSAGES.conditions;
  if (error.status === 409) return body?.message || RATING_MESSAGES.alreadyRated;
  if (error.status === 422) return body?.violations?.[0]?.message || RATING_MESSAGES.stars;
  return RATING_MESSAGES.generic;
}

type Rating = { stars: number; comment: string };

export function StarRating({ organizationId, name }: { organizationId: number; name: string }) {
  const { user } = useUser();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const id = useId();
  const mutation = useMutation({
    mutationFn: ({ stars, comment }: Rating) => rateOrganization(organizationId, stars, comment.trim() || undefined),
    onSuccess: () => {
      track('organization_stared', { organizationId });
      void queryClient.invalidateQueries({ queryKey: ratingKeys.all });
      void queryClient.invalidateQueries({ queryKey: organizationKeys.all });
    },
  });
  const done = mutation.isSuccess;
  const { form: state, ref, onSubmit, busy, error } = useMutationForm<Rating>({
    mutation,
    defaultValues: { stars: 0, comment: '' },
    rules: { stars: [(v) => (Number(v) < 1 ? RATING_MESSAGES.stars : null)] },
  });
  const stars = state.watch('stars');
  const eligibility = useQuery({ ...ratingEligibilityQueryOptions(organizationId, user?.id ?? 0), enabled: Boolean(user) && !done });

  if (!user) {
    return (
      <p>
        <Link to={`${pathname}?login=1`}>Melde dich an</Link>, um {name} zu bewerten.
      </p>
    );
  }
  if (done) return <p role="status">Danke für deine Bewertung!</p>;

  // A refused submit speaks in the spec's words (ratingFailure), a missing star in the rule's.
  const failure = error('stars') ?? (mutation.isError ? ratingFailure(mutation.error) : '');
  // Until the answer is there the form waits; when she may not rate, it says why and stays disabled.
  const refused = eligibility.data && !eligibility.data.canRate ? eligibility.data.reason : null;
  const disabled = busy || eligibility.isPending || Boolean(refused);
  return (
    <form ref={ref} onSubmit={onSubmit} aria-label={`${name} bewerten`} aria-describedby={refused ? `${id}-refused` : undefined}>
      {refused && (
        <p id={`${id}-refused`} role="status" className={styles.refused}>
          {refused}
        </p>
      )}
      <fieldset className={styles.stars} disabled={disabled}>
        <legend>Wie viele Sterne gibst du {name}?</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={n <= stars ? styles.on : styles.off}>
            <input type="radio" name="stars" value={n} checked={stars === n} onChange={() => state.setValue('stars', n, { shouldValidate: state.formState.isSubmitted })} />
            <span aria-hidden="true">★</span>
            <span className={styles.sr}>{n === 1 ? '1 Stern' : `${n} Sterne`}</span>
          </label>
        ))}
      </fieldset>
      <div className={form.field}>
        <label htmlFor={`${id}-comment`}>Dein Kommentar (optional)</label>
        <textarea id={`${id}-comment`} rows={3} maxLength={2000} disabled={disabled} {...state.register('comment')} />
      </div>
      {failure && (
        <p className={form.error} role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className={form.button} disabled={disabled}>
        Bewertung abgeben
      </button>
    </form>
  );
}
