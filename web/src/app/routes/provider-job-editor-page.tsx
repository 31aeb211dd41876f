// The provider portal's job editor, composed with what belongs to the job search: the place field
// with its suggestions (the same as the search's "Wo?", without "Meinen Standort verwenden", whose
// position is the provider's, not the job's) and the public job page's content as the live preview.
import { JobDetailBody } from '@/features/jobs/components/job-detail-body';
import { PlaceAutocomplete } from '@/features/jobs/components/place-autocomplete';
import { JobEditorPage } from '@/features/portal-jobs/routes/job-editor-page';
import form from '@/shared/ui/form.module.css';

const SEARCH_FAILED = 'Die Ortssuche hat leider nicht geklappt. Bitte versuchen Sie es noch einmal.';

export function ProviderJobEditorPage() {
  return (
    <JobEditorPage
      renderPlace={(props) => <PlaceAutocomplete {...props} locate={false} searchError={SEARCH_FAILED} />}
      renderPreview={(job) => (
        <JobDetailBody
          job={job}
          titleAs="h2"
          compact
          actions={
            <p>
              <span className={form.yellow} aria-disabled="true">
                Jetzt bewerben
              </span>
            </p>
          }
        />
      )}
    />
  );
}
