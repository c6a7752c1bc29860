import type { TenantDto } from '@rentora/shared';
import { Card } from '../../../components/card';
import { EntryForm, EntryList } from './tenant-entries';

export function Notes({ tenant, canWrite }: { tenant: TenantDto; canWrite: boolean }) {
  return (
    <Card className="divide-y divide-slate-100">
      {canWrite ? (
        <EntryForm
          id={tenant._id}
          path="notes"
          types={['general', 'payment', 'maintenance', 'behavior', 'other']}
          label="Note"
          success="Note added"
        />
      ) : null}
      <EntryList entries={tenant.notes} empty="No notes yet." />
    </Card>
  );
}
