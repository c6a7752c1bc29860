import { zodResolver } from '@hookform/resolvers/zod';
import { type PublicInvitationDto, ZRegisterBody } from '@rentora/shared';
import { Building2, CheckCircle2, Clock, LogIn, MailOpen, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { Badge } from '../../components/badge';
import { Button, ButtonLink } from '../../components/button';
import { Field, FormError, Input } from '../../components/field';
import { emptyToUndefined } from '../../components/form-values';
import { Logo } from '../../components/logo';
import { Skeleton } from '../../components/skeleton';
import { ApiError, apiErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate, humanize } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useAuth } from '../auth/auth-provider';
import { PasswordInput } from '../auth/password-input';
import {
  INVITATION_ACTION_MESSAGES,
  useAcceptInvitation,
  useDeclineInvitation,
  usePublicInvitation,
} from './invitations.api';

const ZNewAccount = ZRegisterBody.omit({ email: true });

const CLOSED_TEXT: Record<
  Exclude<PublicInvitationDto['status'], 'pending'>,
  { title: string; text: string }
> = {
  accepted: {
    title: 'Invitation already accepted',
    text: 'This invitation has already been used to join the company.',
  },
  declined: {
    title: 'Invitation declined',
    text: 'This invitation was declined. Ask for a new one if you changed your mind.',
  },
  cancelled: {
    title: 'Invitation cancelled',
    text: 'The company cancelled this invitation. Ask them for a new one.',
  },
  expired: {
    title: 'Invitation expired',
    text: 'This invitation has expired. Ask the person who invited you to send it again.',
  },
};

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-50/70 to-slate-50">
      <header className="flex h-16 items-center border-b border-slate-200 bg-white/80 px-6 backdrop-blur">
        <Logo />
      </header>
      <main className="flex flex-1 items-start justify-center p-4 sm:items-center sm:p-6">
        <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {children}
        </div>
      </main>
    </div>
  );
}

/** /invitation/:token: accept or decline a company invitation, signed in or as a new person. */
export function InvitationPage() {
  const { token = '' } = useParams();
  const invitation = usePublicInvitation(token);
  useDocumentTitle(invitation.data ? `Join ${invitation.data.company.name}` : 'Company invitation');

  if (invitation.isPending) {
    return (
      <Frame>
        <div className="space-y-3" aria-busy="true">
          <p className="sr-only" role="status">
            Loading the invitation…
          </p>
          <Skeleton className="h-12 w-12 rounded-xl" />
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      </Frame>
    );
  }
  if (invitation.isError) {
    const missing = invitation.error instanceof ApiError && invitation.error.status === 404;
    return (
      <Frame>
        <Closed
          icon={<XCircle className="h-6 w-6" aria-hidden />}
          title={missing ? 'Invitation not found' : 'The invitation could not be loaded'}
          text={
            missing
              ? 'This link is not valid any more. A resent invitation replaces the earlier link: use the newest email.'
              : apiErrorMessage(invitation.error, INVITATION_ACTION_MESSAGES.get)
          }
        />
      </Frame>
    );
  }
  return (
    <Frame>
      <InvitationBody token={token} invitation={invitation.data} />
    </Frame>
  );
}

function Closed({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  const auth = useAuth();
  return (
    <div className="text-center" role="status">
      <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        {icon}
      </div>
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <p className="mt-2 text-sm text-slate-500">{text}</p>
      <ButtonLink to={auth.isAuthenticated ? '/dashboard' : '/auth/login'} variant="outline" className="mt-6">
        {auth.isAuthenticated ? 'Go to dashboard' : 'Sign in'}
      </ButtonLink>
    </div>
  );
}

function InvitationBody({ token, invitation }: { token: string; invitation: PublicInvitationDto }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const accept = useAcceptInvitation(token);
  const decline = useDeclineInvitation(token);
  const here = `/invitation/${token}`;

  if (invitation.status !== 'pending' || !invitation.canRespond) {
    const closed = CLOSED_TEXT[invitation.status === 'pending' ? 'expired' : invitation.status];
    return (
      <Closed icon={<Clock className="h-6 w-6" aria-hidden />} title={closed.title} text={closed.text} />
    );
  }
  if (decline.isSuccess) {
    return (
      <Closed
        icon={<XCircle className="h-6 w-6" aria-hidden />}
        title="Invitation declined"
        text={`We let ${invitation.company.name} know. You can close this page.`}
      />
    );
  }

  const onAccepted = () => {
    toast.success(`Welcome to ${invitation.company.name}`, `You joined as ${humanize(invitation.role)}.`);
    navigate('/dashboard', { replace: true });
  };
  const signedInAs = auth.user?.email.toLowerCase();
  const sameAccount = signedInAs === invitation.email.toLowerCase();
  const inviter = invitation.invitedBy
    ? `${invitation.invitedBy.firstName} ${invitation.invitedBy.lastName}`
    : 'A team member';
  const acceptError = accept.isError
    ? apiErrorMessage(accept.error, INVITATION_ACTION_MESSAGES.accept)
    : null;
  const declineError = decline.isError
    ? apiErrorMessage(decline.error, INVITATION_ACTION_MESSAGES.decline)
    : null;

  const declineButton = (
    <Button
      variant="ghost"
      loading={decline.isPending}
      disabled={accept.isPending}
      onClick={() => decline.mutate()}
    >
      Decline
    </Button>
  );

  return (
    <div>
      <div className="flex items-center gap-3">
        {invitation.company.logo ? (
          <img src={invitation.company.logo} alt="" className="h-12 w-12 rounded-xl object-cover" />
        ) : (
          <div className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
            <Building2 className="h-6 w-6" aria-hidden />
          </div>
        )}
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-600">Company invitation</p>
          <h1 className="truncate text-xl font-bold text-slate-900">Join {invitation.company.name}</h1>
        </div>
      </div>
      <p className="mt-4 text-sm text-slate-600">
        {inviter} invited <strong className="text-slate-900">{invitation.email}</strong> to join{' '}
        {invitation.company.name} as{' '}
        <Badge tone="brand" className="capitalize">
          {humanize(invitation.role)}
        </Badge>
        {invitation.designation ? ` (${invitation.designation})` : ''}.
      </p>
      <p className="mt-1 text-xs text-slate-400">Valid until {formatDate(invitation.expiresAt)}.</p>
      <div className="mt-6 space-y-4">
        <FormError message={acceptError ?? declineError} />
        {auth.isLoading ? (
          <Skeleton className="h-10 w-full" />
        ) : auth.isAuthenticated ? (
          sameAccount ? (
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              {declineButton}
              <Button
                loading={accept.isPending}
                icon={<CheckCircle2 className="h-4 w-4" aria-hidden />}
                onClick={() => accept.mutate(undefined, { onSuccess: onAccepted })}
              >
                Accept and join
              </Button>
            </div>
          ) : (
            <div className="space-y-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-900" role="status">
              <p>
                You are signed in as <strong>{auth.user?.email}</strong>, but this invitation was sent to{' '}
                <strong>{invitation.email}</strong>.
              </p>
              <div className="flex flex-wrap justify-end gap-2">
                {declineButton}
                <Button
                  variant="outline"
                  onClick={() => {
                    auth.logout();
                    navigate(here, { replace: true });
                  }}
                >
                  Sign out and continue
                </Button>
              </div>
            </div>
          )
        ) : invitation.accountExists ? (
          <div className="space-y-3">
            <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">
              You already have a Rentora account. Sign in as {invitation.email} to accept.
            </p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              {declineButton}
              <Button
                icon={<LogIn className="h-4 w-4" aria-hidden />}
                onClick={() => navigate('/auth/login', { state: { from: { pathname: here } } })}
              >
                Sign in to accept
              </Button>
            </div>
          </div>
        ) : (
          <NewAccountForm
            invitation={invitation}
            pending={accept.isPending}
            decline={declineButton}
            onSubmit={(values) => accept.mutate(values, { onSuccess: onAccepted })}
          />
        )}
      </div>
    </div>
  );
}

function NewAccountForm({
  invitation,
  pending,
  decline,
  onSubmit,
}: {
  invitation: PublicInvitationDto;
  pending: boolean;
  decline: ReactNode;
  onSubmit: (values: { firstName: string; lastName: string; password: string; phone?: string }) => void;
}) {
  const form = useForm({
    resolver: zodResolver(ZNewAccount),
    defaultValues: {
      firstName: invitation.firstName ?? '',
      lastName: invitation.lastName ?? '',
      password: '',
    },
  });
  const { errors } = form.formState;
  return (
    <form
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      className="space-y-4"
      aria-label="Create your account"
    >
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <MailOpen className="h-4 w-4 text-brand-600" aria-hidden /> Create your account for {invitation.email}
        .
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" required error={errors.firstName?.message}>
          {(control) => <Input {...control} autoComplete="given-name" {...form.register('firstName')} />}
        </Field>
        <Field label="Last name" required error={errors.lastName?.message}>
          {(control) => <Input {...control} autoComplete="family-name" {...form.register('lastName')} />}
        </Field>
      </div>
      <Field label="Password" required error={errors.password?.message} hint="At least 8 characters.">
        {(control) => (
          <PasswordInput {...control} autoComplete="new-password" {...form.register('password')} />
        )}
      </Field>
      <Field label="Phone" error={errors.phone?.message}>
        {(control) => (
          <Input
            {...control}
            type="tel"
            autoComplete="tel"
            {...form.register('phone', { setValueAs: emptyToUndefined })}
          />
        )}
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {decline}
        <Button type="submit" loading={pending} icon={<CheckCircle2 className="h-4 w-4" aria-hidden />}>
          Create account and join
        </Button>
      </div>
    </form>
  );
}
