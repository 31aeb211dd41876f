// The settings pages load as one chunk: who opens one of them usually opens the others.
export { SettingsPage } from './settings-page';
export { ChangeEmailPage } from './change-email-page';
export { ChangePasswordPage } from './change-password-page';
export { DeleteAccountPage } from './delete-account-page';
