// The account life-cycle calls (DESIGN decisions 13 and 14), through the typed client.
import type { SessionUser } from '../../../../common/types';
import type { ChangeEmailInput, ChangePasswordInput, ResetPasswordInput } from '../../../../common/validation';
import { api, unwrap } from '../../../lib/api-client';

type Message = { message: string };

export const verifyEmail = async (token: string) =>
  unwrap<Message & { email: string; user: SessionUser | null }>(await api.auth['verify-email'].$post({ json: { token } }));

export const resendVerification = async () => unwrap<Message & { email: string }>(await api.auth['resend-verification'].$post());

export const getEmailStatus = async () =>
  unwrap<{ email: string; emailVerified: boolean; pendingEmail: string | null }>(await api.auth['email-status'].$get());

export const forgotPassword = async (email: string) => unwrap<Message>(await api.auth['forgot-password'].$post({ json: { email } }));

export const resetPassword = async (input: ResetPasswordInput) => unwrap<Message>(await api.auth['reset-password'].$post({ json: input }));

export const changePassword = async (input: ChangePasswordInput) => unwrap<Message>(await api.auth['change-password'].$post({ json: input }));

export const changeEmail = async (input: ChangeEmailInput) =>
  unwrap<Message & { pendingEmail: string }>(await api.auth['change-email'].$post({ json: input }));

export const logoutEverywhere = async () => unwrap<{ ok: true }>(await api.auth['logout-everywhere'].$post());
