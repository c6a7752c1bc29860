import type { LucideIcon } from 'lucide-react';
import { ClipboardList, Hammer } from 'lucide-react';
import { useParams } from 'react-router';
import { ButtonLink } from '../../components/button';
import { Logo } from '../../components/logo';
import { useDocumentTitle } from '../../lib/document-title';

/** A full-screen page (no public layout) whose domain has not shipped yet. */
function FullScreenNotice({
  icon: Icon,
  title,
  message,
  detail,
}: {
  icon: LucideIcon;
  title: string;
  message: string;
  detail?: string;
}) {
  useDocumentTitle(title);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="flex h-16 items-center border-b border-slate-200 bg-white px-6">
        <Logo />
      </header>
      <main className="flex flex-1 items-center justify-center p-6">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
          <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <Icon className="h-6 w-6" aria-hidden />
          </div>
          <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
          <p className="mt-2 text-sm text-slate-500">{message}</p>
          {detail ? <p className="mt-3 font-mono text-xs text-slate-400">{detail}</p> : null}
          <ButtonLink to="/" variant="outline" className="mt-6">
            Go Home
          </ButtonLink>
        </div>
      </main>
    </div>
  );
}

export function CreateTicketPage() {
  const { formId = '' } = useParams();
  return (
    <FullScreenNotice
      icon={ClipboardList}
      title="Maintenance request"
      message="Public maintenance request forms are not available yet."
      detail={formId ? `Form ${formId}` : undefined}
    />
  );
}

export function AssigneePortalPage() {
  const { assigneeCode = '' } = useParams();
  return (
    <FullScreenNotice
      icon={Hammer}
      title="Assignee portal"
      message="The assignee portal is not available yet."
      detail={assigneeCode ? `Code ${assigneeCode}` : undefined}
    />
  );
}
