// The job import (docs/reach.md, "Import"): the template's address, and the upload of a CSV or
// Indeed XML file as a dry run ("Prüfen") or as the import ("Importieren"). The answer lists per
// row what was (or would be) created, updated or refused, with the server's German messages per
// column. An import refreshes the organization's job lists and the member (its count of live ads).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, API_BASE } from '@/shared/api/client';
import { providerKeys } from '@/shared/portal/keys';

export type ImportAction = 'create' | 'update' | 'refuse';

export type ImportRow = {
  /** The spreadsheet's row (the header is row 1), or the job's position in an XML file. */
  row: number;
  reference: string;
  action: ImportAction;
  /** The file's column → the German message of the rule the row breaks. */
  errors: Record<string, string>;
  id?: number;
};

export type ImportAnswer = {
  dryRun: boolean;
  rows: ImportRow[];
  counts: Record<ImportAction, number>;
  ignoredColumns: string[];
};

export const importTemplateUrl = (organizationId: number) => `${API_BASE}/organizations/${organizationId}/job_imports/template.csv`;

/** An import takes longer than a form's write: up to 2,000 rows run through every rule. */
const IMPORT_TIMEOUT_MS = 120_000;

export function uploadJobImport(organizationId: number, file: File, dryRun: boolean) {
  const body = new FormData();
  body.append('file', file);
  return api.post<ImportAnswer>(`/organizations/${organizationId}/job_imports`, body, {
    query: dryRun ? { dryRun: 1 } : undefined,
    timeoutMs: IMPORT_TIMEOUT_MS,
  });
}

export type ImportValues = { file: FileList | undefined; dryRun: boolean };

/** The upload as a mutation; after an import (not a dry run) the lists and the member are fetched again. */
export function useJobImport(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: ImportValues) => uploadJobImport(organizationId, file![0]!, dryRun),
    onSuccess: async (answer) => {
      if (answer.dryRun) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: providerKeys.jobLists(organizationId) }),
        queryClient.invalidateQueries({ queryKey: providerKeys.member() }),
      ]);
    },
  });
}
