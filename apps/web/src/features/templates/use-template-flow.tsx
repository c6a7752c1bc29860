import type { TemplateDto } from '@rentora/shared';
import { Building2, Search } from 'lucide-react';
import { useState } from 'react';
import { Dialog } from '../../components/dialog';
import { EmptyState, ErrorState } from '../../components/empty-state';
import { Input } from '../../components/field';
import { SkeletonList } from '../../components/skeleton';
import { useUpgradeDialog } from '../../components/upgrade-dialog-host';
import { apiErrorMessage } from '../../lib/api-client';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { usePermissions } from '../auth/use-permissions';
import { INVENTORY_MESSAGES } from '../properties/messages';
import { useProperties } from '../properties/properties.api';
import { formatAddress } from '../properties/property-display';
import { UnitFromTemplateDialog } from '../rental-units/unit-from-template-dialog';

/** "Use" from the templates page: choose the property, then the unit number. */
export function UseTemplateFlow({
  template,
  onClose,
}: {
  template: TemplateDto | null;
  onClose: () => void;
}) {
  const [propertyId, setPropertyId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim(), 300);
  const properties = useProperties(
    { search: settled || undefined, limit: 20, sortBy: 'name', sortOrder: 'asc' },
    { enabled: template !== null },
  );
  const close = () => {
    setPropertyId(null);
    setSearch('');
    onClose();
  };
  const { limitations } = usePermissions();
  const upgrade = useUpgradeDialog();
  const maxUnits = limitations?.maxRentalUnitsPerProperty;
  if (!template) return null;
  if (propertyId) {
    return <UnitFromTemplateDialog open onClose={close} propertyId={propertyId} initialTemplate={template} />;
  }
  return (
    <Dialog
      open
      onClose={close}
      title={`Use “${template.name}”`}
      description="Which property gets the new unit?"
      size="md"
    >
      <div className="relative mb-3 block">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
          aria-hidden
        />
        <Input
          aria-label="Search properties"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search properties"
          className="pl-9"
          data-autofocus
        />
      </div>
      {properties.isPending ? (
        <SkeletonList rows={3} />
      ) : properties.isError ? (
        <ErrorState
          title={INVENTORY_MESSAGES.fetchProperties}
          message={apiErrorMessage(properties.error, 'Please try again.')}
          onRetry={() => void properties.refetch()}
        />
      ) : properties.data.data.length === 0 ? (
        <EmptyState icon={Building2} title="No properties found" description="Add a property first." />
      ) : (
        <ul className="max-h-[50vh] space-y-2 overflow-y-auto" aria-label="Properties">
          {properties.data.data.map((property) => (
            <li key={property._id}>
              <button
                type="button"
                onClick={() => {
                  const current = property.occupancy.totalUnits;
                  if (maxUnits !== undefined && maxUnits >= 0 && current >= maxUnits) {
                    close();
                    upgrade.open({ limitType: 'rentalUnits', current, limit: maxUnits });
                  } else setPropertyId(property._id);
                }}
                className="flex w-full items-center gap-3 rounded-xl border border-slate-200 p-3 text-left hover:border-brand-400 hover:bg-brand-50/40"
              >
                <Building2 className="h-5 w-5 shrink-0 text-brand-600" aria-hidden />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-slate-900">{property.name}</span>
                  <span className="block truncate text-xs text-slate-500">
                    {formatAddress(property.address, { short: true })}
                  </span>
                </span>
                <span className="text-xs text-slate-500">{property.occupancy.totalUnits} units</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
