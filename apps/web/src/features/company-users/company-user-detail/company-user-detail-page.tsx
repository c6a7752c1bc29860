import { useParams } from 'react-router';
import { Card } from '../../../components/card';
import { ErrorState } from '../../../components/empty-state';
import { Skeleton, SkeletonList } from '../../../components/skeleton';
import { ApiError, apiErrorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { COMPANY_USER_FALLBACK_MESSAGES, useCompanyUser } from '../company-users.api';
import { memberName } from '../company-users-page';
import { BackLink, MemberView } from './member-view';

/** /dashboard/company-users/:userId (the company-user record id): profile, role, permissions, goals, notes, activity. */
export function CompanyUserDetailPage() {
  const { userId = '' } = useParams();
  const member = useCompanyUser(userId);
  useDocumentTitle(member.data ? memberName(member.data) : 'Company User');

  if (member.isPending) {
    return (
      <div className="space-y-6">
        <Skeleton className="h-5 w-32" />
        <Card className="flex items-center gap-4 p-6">
          <Skeleton className="h-16 w-16 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-4 w-64" />
          </div>
        </Card>
        <SkeletonList rows={4} />
      </div>
    );
  }
  if (member.isError) {
    const missing = member.error instanceof ApiError && member.error.status === 404;
    return (
      <div className="space-y-4">
        <BackLink />
        <ErrorState
          title={missing ? 'This user is not in your company' : 'The user could not be loaded'}
          message={
            missing
              ? 'They may have been removed, or they belong to another company. Switch company to see them.'
              : apiErrorMessage(member.error, COMPANY_USER_FALLBACK_MESSAGES.get)
          }
          onRetry={missing ? undefined : () => void member.refetch()}
        />
      </div>
    );
  }
  return <MemberView member={member.data} />;
}
