import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/card';
import { ErrorState } from '../../components/empty-state';
import { Skeleton } from '../../components/skeleton';
import { apiErrorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { usePermissions } from '../auth/use-permissions';
import { AccessDenied } from '../shell/access-denied';
import { INVENTORY_MESSAGES } from './messages';
import { useCreateProperty, useProperty, useUpdateProperty } from './properties.api';
import { PropertyForm } from './property-form/property-form';
import { formValuesOf } from './property-form/property-form-values';

function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      to={to}
      className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-slate-500 hover:text-slate-800"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden /> {label}
    </Link>
  );
}

/** /dashboard/properties/create (gated by properties_write in the shared route table). */
export function PropertyCreatePage() {
  useDocumentTitle('Add Property', 'Create a property');
  const navigate = useNavigate();
  const create = useCreateProperty();
  return (
    <div className="mx-auto max-w-4xl">
      <BackLink to="/dashboard/properties" label="Properties" />
      <PageHeader
        title="Add property"
        description="Four short steps. You can add units right after saving."
      />
      <PropertyForm
        mode="create"
        submitting={create.isPending}
        onCancel={() => navigate('/dashboard/properties')}
        onSubmit={async (body) => {
          const answer = await create.mutateAsync(body);
          navigate(`/dashboard/properties/${answer.data._id}`, { replace: true });
        }}
      />
    </div>
  );
}

/** /dashboard/properties/:id/edit — needs properties_write or properties_update. */
export function PropertyEditPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const property = useProperty(id);
  const update = useUpdateProperty(id ?? '');
  useDocumentTitle(property.data ? `Edit ${property.data.name}` : 'Edit Property');
  if (!permissions.canUseAny(['properties_write', 'properties_update'])) {
    return <AccessDenied message="You do not have access to Properties." />;
  }
  return (
    <div className="mx-auto max-w-4xl">
      <BackLink to={id ? `/dashboard/properties/${id}` : '/dashboard/properties'} label="Back to property" />
      {property.isPending ? (
        <div className="space-y-4" role="status" aria-busy="true" aria-label="Loading property">
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-80 w-full rounded-2xl" />
        </div>
      ) : property.isError ? (
        <ErrorState
          title={INVENTORY_MESSAGES.fetchProperty}
          message={apiErrorMessage(property.error, 'Please try again in a moment.')}
          onRetry={() => void property.refetch()}
        />
      ) : (
        <>
          <PageHeader
            title={`Edit ${property.data.name}`}
            description={
              property.data.verificationStatus === 'verified'
                ? 'Changing the name, type or address sends the property back to verification.'
                : undefined
            }
          />
          <PropertyForm
            mode="edit"
            initialValues={formValuesOf(property.data)}
            submitting={update.isPending}
            onCancel={() => navigate(`/dashboard/properties/${property.data._id}`)}
            onSubmit={async (body) => {
              await update.mutateAsync(body);
              navigate(`/dashboard/properties/${property.data._id}`);
            }}
          />
        </>
      )}
    </div>
  );
}
