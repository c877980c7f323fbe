// The account life-cycle calls (docs/decisions/0032 and docs/product.md#accounts), through the typed client.
import type { ChangeEmailInput, ChangePasswordInput, ResetPasswordInput } from '#common/validation.ts';
import { api, unwrap } from '#app/lib/api-client.ts';

/** Confirms an address: in the account's session, or with a new password (docs/decisions/0024). */
export const verifyEmail = async (token: string, password?: string) =>
  unwrap(await api.auth['verify-email'].$post({ json: password === undefined ? { token } : { token, password } }));

/** The old address's link: restores it with a new password, every device signed out. */
export const undoEmailChange = async (input: { token: string; password: string }) =>
  unwrap(await api.auth['undo-email-change'].$post({ json: input }));

/** Settings' Cancel beside a pending email change. */
export const cancelEmailChange = async () => unwrap(await api.auth['cancel-email-change'].$post());

export const resendVerification = async () => unwrap(await api.auth['resend-verification'].$post());

export const getEmailStatus = async () => unwrap(await api.auth['email-status'].$get());

export const forgotPassword = async (email: string) =>
  unwrap(await api.auth['forgot-password'].$post({ json: { email } }));

export const resetPassword = async (input: ResetPasswordInput) =>
  unwrap(await api.auth['reset-password'].$post({ json: input }));

export const changePassword = async (input: ChangePasswordInput) =>
  unwrap(await api.auth['change-password'].$post({ json: input }));

export const changeEmail = async (input: ChangeEmailInput) =>
  unwrap(await api.auth['change-email'].$post({ json: input }));
