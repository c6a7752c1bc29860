import { REQUIRED_TENANT_DOCUMENTS, type TenantDocumentType, type TenantDto } from '@rentora/shared';
import { useQueryClient } from '@tanstack/react-query';
import { FileText, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { ProgressBar } from '../../../components/progress-bar';
import { timeAgo } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { documentLabel } from '../tenant-display';
import { TenantDocumentPicker } from '../tenant-document-picker';
import { TENANT_MESSAGES, tenantKeys, tenantsApi, uploadTenantDocument } from '../tenants.api';

export function Documents({ tenant, canWrite }: { tenant: TenantDto; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: tenantKeys.detail(tenant._id) });
  const present = new Set(tenant.documents.map((document) => document.type));
  async function upload(file: File, type: TenantDocumentType) {
    setProgress(0);
    try {
      await uploadTenantDocument(tenant._id, file, type, setProgress);
      toast.success('Document uploaded', file.name);
      refresh();
    } catch (error) {
      toast.apiError(error, TENANT_MESSAGES.uploadDocument);
    } finally {
      setProgress(null);
    }
  }
  async function verify(docId: string, verified: boolean) {
    try {
      await tenantsApi.verifyDocument(tenant._id, docId, verified);
      toast.success(verified ? 'Document verified' : 'Verification removed');
      refresh();
    } catch (error) {
      toast.apiError(error, TENANT_MESSAGES.updateTenant);
    }
  }
  async function remove() {
    if (!deleting) return;
    try {
      await tenantsApi.deleteDocument(tenant._id, deleting);
      toast.success('Document deleted');
      refresh();
    } catch (error) {
      toast.apiError(error, TENANT_MESSAGES.updateTenant);
    } finally {
      setDeleting(null);
    }
  }
  return (
    <div className="space-y-4">
      <Card className="p-4">
        <p className="text-sm text-slate-700">
          {tenant.documentsComplete ? (
            <span className="font-medium text-emerald-700">All required documents are on file.</span>
          ) : (
            <>
              Missing:{' '}
              {REQUIRED_TENANT_DOCUMENTS.filter((required) => !present.has(required))
                .map((required) => documentLabel(required))
                .join(', ')}
            </>
          )}
        </p>
        {canWrite ? (
          <TenantDocumentPicker
            className="mt-3"
            typeLabel="Type"
            fileLabel="Upload document"
            icon={FileText}
            disabled={progress !== null}
            onPick={(file, type) => void upload(file, type)}
          />
        ) : null}
        {progress !== null ? (
          <ProgressBar className="mt-3" value={progress} label="Uploading document" />
        ) : null}
      </Card>
      {tenant.documents.length === 0 ? (
        <EmptyState
          icon={FileText}
          title="No documents"
          description="Upload Aadhaar, PAN and a salary slip to complete the file."
        />
      ) : (
        <Card className="divide-y divide-slate-100">
          {tenant.documents.map((document) => (
            <div
              key={document._id}
              className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div>
                <a
                  href={document.url}
                  target="_blank"
                  rel="noreferrer"
                  className="font-medium text-brand-700 hover:underline"
                >
                  {documentLabel(document.type)}
                </a>{' '}
                {document.verified ? (
                  <Badge tone="success">Verified</Badge>
                ) : (
                  <Badge tone="warning">Unverified</Badge>
                )}
                <p className="text-xs text-slate-500">
                  {document.fileName} · {Math.ceil(document.size / 1024)} KB · {timeAgo(document.uploadedAt)}
                </p>
              </div>
              {canWrite ? (
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => void verify(document._id, !document.verified)}
                  >
                    {document.verified ? 'Unverify' : 'Verify'}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Delete ${documentLabel(document.type)}`}
                    onClick={() => setDeleting(document._id)}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </Button>
                </div>
              ) : null}
            </div>
          ))}
        </Card>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this document?"
        description="The file is removed for good."
        confirmLabel="Delete"
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
