/**
 * What other features may use from the accounts area: the notice (with resend button) for
 * members whose e-mail is not verified yet and its form in report dialogs (reports need a
 * confirmed address), and the pages
 * of login, registration, e-mail confirmation and password reset (SPEC.md §4), and the server's
 * reason for one field of a form (a refused password), and the strength meter of a new password.
 */

export { ReportNeedsConfirmedEmail, useNeedsConfirmedEmail } from './ConfirmedEmailNeeded.tsx';
export { PasswordStrengthMeter } from './components/PasswordStrengthMeter.tsx';
export { authPages } from './pages.ts';
export { ResendVerificationButton } from './ResendVerificationButton.tsx';
export { newPasswordFormSchema } from './schemas.ts';
export { serverFieldError } from './serverFieldError.ts';
export { VerifyEmailNotice } from './VerifyEmailNotice.tsx';
