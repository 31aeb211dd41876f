// The query parameters that open a layout's dialogs (candidate-query-dialogs.tsx,
// organization-query-dialogs.tsx). The layouts load the dialogs' code only when the address holds
// one of them, so a first visit does not download and run sign-in and contact forms it never shows.
export const CANDIDATE_DIALOG_PARAMS = ['login', 'registration', 'success', 'successApplication', 'loginApply', 'successRegister', 'generalContact', 'topic', 'logout'];
export const ORGANIZATION_DIALOG_PARAMS = ['registration', 'registrationWithJob', 'success', 'comeFrom', 'generalContact', 'topic'];
