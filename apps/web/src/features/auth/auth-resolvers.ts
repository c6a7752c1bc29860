// The auth forms' validation: zodResolver over the shared schemas. Loaded on demand through lazyResolver (lib/lazy-resolver.ts)
// so zod and the schemas are not part of the sign-in and registration pages' first load.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ZForgotPasswordBody,
  ZLoginBody,
  ZMfaLoginForm,
  ZRegisterBody,
  ZRegisterCompanyBody,
  ZResendVerificationBody,
  ZResetPasswordBody,
} from '@rentora/shared';

const ZConfirm = ZLoginBody.shape.password;

export const ZRegisterForm = ZRegisterBody.extend({ confirmPassword: ZConfirm }).refine(
  (values) => values.password === values.confirmPassword,
  { message: 'Passwords do not match', path: ['confirmPassword'] },
);

export const ZRegisterCompanyForm = ZRegisterCompanyBody.extend({
  owner: ZRegisterCompanyBody.shape.owner.unwrap(),
  confirmPassword: ZConfirm,
}).refine((values) => values.owner.password === values.confirmPassword, {
  message: 'Passwords do not match',
  path: ['confirmPassword'],
});

export const ZResetForm = ZResetPasswordBody.extend({ confirmPassword: ZLoginBody.shape.password }).refine(
  (values) => values.password === values.confirmPassword,
  { message: 'Passwords do not match', path: ['confirmPassword'] },
);

export const loginResolver = zodResolver(ZLoginBody);
export const registerResolver = zodResolver(ZRegisterForm);
export const registerCompanyResolver = zodResolver(ZRegisterCompanyForm);
export const forgotPasswordResolver = zodResolver(ZForgotPasswordBody);
export const resetPasswordResolver = zodResolver(ZResetForm);
/** Resending the verification email signed out: the address is required. */
export const resendVerificationResolver = zodResolver(ZResendVerificationBody.unwrap().required());
/** The code step of sign-in: a code from the app or a recovery code in one box. */
export const mfaCodeResolver = zodResolver(ZMfaLoginForm.pick({ code: true }));
