/**
 * What other features may use from the accounts area: the form field bound to react-hook-form,
 * and the notice (with resend button) for members whose e-mail is not verified yet.
 */
export { FormTextField } from './components/FormTextField.tsx';
export { ResendVerificationButton } from './ResendVerificationButton.tsx';
export { newPasswordFormSchema } from './schemas.ts';
export { VerifyEmailNotice } from './VerifyEmailNotice.tsx';
