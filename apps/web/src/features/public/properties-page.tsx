import { ArrowLeft, Building2, SearchX } from 'lucide-react';
import { ButtonLink } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { useDocumentTitle } from '../../lib/document-title';

/**
 * The public listing. Until the properties domain ships its public endpoint this is an honest
 * empty state; features/properties will replace the body with the real listing.
 */
export function PublicPropertiesPage() {
  useDocumentTitle('Properties', 'Browse rental properties and units available now.');
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <div className="max-w-2xl">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">Properties</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-900">Find your next home</h1>
        <p className="mt-3 text-lg text-slate-600">Rental units listed by property teams on Rentora.</p>
      </div>
      <EmptyState
        className="mt-10"
        icon={Building2}
        title="No properties listed yet"
        description="Public listings are not available yet. Check back soon, or list your own properties by registering your company."
        action={<ButtonLink to="/auth/register?type=company">Register your company</ButtonLink>}
      />
    </div>
  );
}

export function PublicPropertyDetailPage() {
  useDocumentTitle('Property');
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <EmptyState
        icon={SearchX}
        title="This property is not available"
        description="Property listings are not available yet, so this page has nothing to show."
        action={
          <ButtonLink to="/properties" variant="outline" icon={<ArrowLeft className="h-4 w-4" aria-hidden />}>
            Back to properties
          </ButtonLink>
        }
      />
    </div>
  );
}
