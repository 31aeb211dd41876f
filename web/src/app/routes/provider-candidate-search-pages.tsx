// The provider portal's candidate search, composed with what belongs to other features: the place
// field with its suggestions (the job search's "Wo?", without "Meinen Standort verwenden": the
// provider searches around a place of its choice) and the German names of the profile's
// employment statuses and working times (the candidate's own profile form uses the same lists).
import { JOB_EMPLOYMENT_STATUSES, WORKING_TIMES } from '@/features/account/lib/options';
import { PlaceAutocomplete } from '@/features/jobs/components/place-autocomplete';
import { CandidateDetailPage } from '@/features/portal-candidate-search/routes/candidate-detail-page';
import { CandidateSearchPage } from '@/features/portal-candidate-search/routes/candidate-search-page';

const SEARCH_FAILED = 'Die Ortssuche hat leider nicht geklappt. Bitte versuchen Sie es noch einmal.';

export function ProviderCandidateSearchPage() {
  return (
    <CandidateSearchPage
      renderPlace={(props) => <PlaceAutocomplete {...props} locate={false} searchError={SEARCH_FAILED} />}
      employmentStatuses={JOB_EMPLOYMENT_STATUSES}
      workingTimes={WORKING_TIMES}
    />
  );
}

export function ProviderCandidateDetailPage() {
  return <CandidateDetailPage employmentStatuses={JOB_EMPLOYMENT_STATUSES} workingTimes={WORKING_TIMES} />;
}
