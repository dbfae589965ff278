import type { ComponentType } from 'react';

/**
 * The area's pages for the route table, each loaded when its route is first opened (its own
 * chunk). They live apart from index.ts so that the door stays a list of re-exports, which the
 * bundler looks through: the app's first script then carries none of the parts behind it.
 */
export const authPages = {
  login: () => import('./LoginPage.tsx').then((m) => m.LoginPage),
  register: () => import('./RegisterPage.tsx').then((m) => m.RegisterPage),
  verifyEmail: () => import('./VerifyEmailPage.tsx').then((m) => m.VerifyEmailPage),
  passwordReset: () => import('./PasswordResetRequestPage.tsx').then((m) => m.PasswordResetRequestPage),
  resetPassword: () => import('./ResetPasswordPage.tsx').then((m) => m.ResetPasswordPage),
} satisfies Record<string, () => Promise<ComponentType>>;
