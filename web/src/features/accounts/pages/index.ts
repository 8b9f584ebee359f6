/** The accounts pages load as one chunk: each is small and rarely visited. */
export { AccountPage } from "./account-page.tsx";
export { ForgotPasswordPage } from "./forgot-password-page.tsx";
export { ResetPasswordPage } from "./reset-password-page.tsx";
export { SessionsPage } from "./sessions-page.tsx";
export { TwoFactorPage } from "./two-factor-page.tsx";
export { VerifyEmailPage } from "./verify-email-page.tsx";
