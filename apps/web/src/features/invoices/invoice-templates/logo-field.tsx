import type { InvoiceTemplateDto } from '@rentora/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ImagePlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { toast } from '../../../lib/toast';
import {
  INVOICE_MESSAGES,
  invoiceKeys,
  invoicesApi,
  uploadTemplateLogo,
  useLogoObjectUrl,
} from '../invoices.api';

/** The template's logo: shown, uploaded (JPEG, PNG, WebP or AVIF, checked on the server) or removed. */
export function LogoField({
  templateId,
  logoUrl,
  disabled,
  onChange,
}: {
  templateId: string | null;
  logoUrl: string | null;
  disabled: boolean;
  onChange: (logoUrl: string | null) => void;
}) {
  const image = useLogoObjectUrl(logoUrl);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function run(task: () => Promise<{ data: InvoiceTemplateDto }>) {
    setBusy(true);
    try {
      const answer = await task();
      onChange(answer.data.logoUrl);
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.templates });
    } catch (error) {
      toast.apiError(error, INVOICE_MESSAGES.logo);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="sm:col-span-2">
      <p className="mb-1 text-sm font-medium text-slate-700">Logo</p>
      {templateId ? (
        <div className="flex flex-wrap items-center gap-3">
          <div className="flex h-14 w-32 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50">
            {image ? (
              <img src={image} alt="Template logo" className="max-h-12 max-w-28 object-contain" />
            ) : (
              <span className="text-xs text-slate-400">{logoUrl ? 'Loading…' : 'No logo'}</span>
            )}
          </div>
          <label
            className={`inline-flex cursor-pointer items-center gap-1 rounded-lg px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-50 ${disabled || busy ? 'pointer-events-none opacity-50' : ''}`}
          >
            <ImagePlus className="h-4 w-4" aria-hidden />
            {logoUrl ? 'Replace' : 'Upload'}
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp,image/avif"
              className="sr-only"
              aria-label="Upload logo"
              disabled={disabled || busy}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void run(() => uploadTemplateLogo(templateId, file));
              }}
            />
          </label>
          {logoUrl ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={disabled}
              loading={busy}
              onClick={() => void run(() => invoicesApi.updateTemplate(templateId, { logoUrl: null }))}
            >
              Remove
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="text-xs text-slate-500">Save the template first, then upload its logo.</p>
      )}
    </div>
  );
}
