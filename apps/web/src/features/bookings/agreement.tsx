import type { BookingDto } from '@rentora/shared';
import { FileCheck2, FileText, PenLine, Type } from 'lucide-react';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { Field, Input } from '../../components/field';
import { Tabs } from '../../components/tabs';
import { apiErrorMessage } from '../../lib/api-client';
import { formatDate, formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { BOOKING_FALLBACK_MESSAGES, useSignAgreement } from './bookings.api';

/** Links to the agreement PDFs (signed links from the server, valid a few minutes after the list loaded). */
export function AgreementLinks({ booking }: { booking: BookingDto }) {
  const agreement = booking.agreement;
  if (!agreement) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="agreement-links">
      <a
        href={agreement.url}
        target="_blank"
        rel="noreferrer"
        className="inline-flex items-center gap-1 text-brand-700 underline-offset-4 hover:underline"
      >
        <FileText className="h-4 w-4" aria-hidden /> View agreement
      </a>
      {agreement.signed ? (
        <>
          <a
            href={agreement.signed.url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-brand-700 underline-offset-4 hover:underline"
          >
            <FileCheck2 className="h-4 w-4" aria-hidden /> View signed agreement
          </a>
          <Badge tone="success">Signed {formatDate(agreement.signed.signedAt)}</Badge>
        </>
      ) : (
        <Badge tone="warning">Awaiting signature</Badge>
      )}
    </div>
  );
}

/** The signature audit staff see: who signed, when, from where, and the hashes of both documents. */
export function AgreementAudit({ booking }: { booking: BookingDto }) {
  const agreement = booking.agreement;
  if (!agreement) return <p className="text-sm text-slate-500">No agreement generated yet.</p>;
  const signed = agreement.signed;
  return (
    <dl
      className="grid grid-cols-1 gap-x-4 gap-y-1 text-xs sm:grid-cols-[10rem_1fr]"
      data-testid="agreement-audit"
    >
      <dt className="text-slate-500">Generated</dt>
      <dd>{formatDateTime(agreement.generatedAt)}</dd>
      <dt className="text-slate-500">SHA-256 (unsigned)</dt>
      <dd className="break-all font-mono">{agreement.sha256}</dd>
      {signed ? (
        <>
          <dt className="text-slate-500">Signed by</dt>
          <dd>
            {signed.signerName} ({signed.signatureType === 'typed' ? 'typed name' : 'drawn'})
          </dd>
          <dt className="text-slate-500">Signed at</dt>
          <dd>{formatDateTime(signed.signedAt)}</dd>
          <dt className="text-slate-500">IP address</dt>
          <dd>{signed.ip}</dd>
          <dt className="text-slate-500">SHA-256 (signed)</dt>
          <dd className="break-all font-mono">{signed.sha256}</dd>
        </>
      ) : null}
    </dl>
  );
}

type Mode = 'type' | 'draw';

/** The booker signs: a typed full name, or a signature drawn with the mouse or a finger (sent as a PNG). */
export function SignAgreementDialog({
  booking,
  open,
  onClose,
}: {
  booking: BookingDto;
  open: boolean;
  onClose: () => void;
}) {
  const sign = useSignAgreement();
  const [mode, setMode] = useState<Mode>('type');
  const [name, setName] = useState(booking.bookerName);
  const [drawn, setDrawn] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);

  useEffect(() => {
    if (mode !== 'draw') return;
    const ctx = canvas.current?.getContext('2d');
    if (!ctx) return;
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.strokeStyle = '#0f172a';
  }, [mode]);

  function point(event: PointerEvent<HTMLCanvasElement>) {
    const rect = event.currentTarget.getBoundingClientRect();
    const scaleX = event.currentTarget.width / rect.width;
    const scaleY = event.currentTarget.height / rect.height;
    return { x: (event.clientX - rect.left) * scaleX, y: (event.clientY - rect.top) * scaleY };
  }

  function clear() {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    setDrawn(false);
  }

  function submit() {
    const signature = mode === 'type' ? name.trim() : (canvas.current?.toDataURL('image/png') ?? '');
    sign.mutate(
      { id: booking._id, signature },
      {
        onSuccess: () => {
          toast.success('Agreement signed');
          onClose();
        },
        onError: (error) => toast.error(apiErrorMessage(error, BOOKING_FALLBACK_MESSAGES.signAgreement)),
      },
    );
  }

  const ready = mode === 'type' ? name.trim().length >= 2 : drawn;
  return (
    <Dialog
      open={open}
      onClose={sign.isPending ? () => undefined : onClose}
      title="Sign the rental agreement"
      description={`${booking.propertyName} · Unit ${booking.unitNumber}`}
      footer={
        <div className="flex w-full justify-end gap-2">
          <Button variant="ghost" onClick={onClose} disabled={sign.isPending}>
            Not now
          </Button>
          <Button onClick={submit} disabled={!ready} loading={sign.isPending}>
            Sign agreement
          </Button>
        </div>
      }
    >
      <div className="space-y-4" data-testid="sign-agreement">
        <p className="text-sm text-slate-600">
          Read the{' '}
          {booking.agreement ? (
            <a
              href={booking.agreement.url}
              target="_blank"
              rel="noreferrer"
              className="text-brand-700 underline"
            >
              agreement
            </a>
          ) : (
            'agreement'
          )}{' '}
          first. Your signature, the time and your IP address are recorded on an audit page of the signed
          copy.
        </p>
        <Tabs
          label="Signature"
          variant="pills"
          value={mode}
          onChange={setMode}
          idPrefix="signature-mode"
          tabs={[
            { id: 'type', label: 'Type', icon: <Type className="h-4 w-4" aria-hidden /> },
            { id: 'draw', label: 'Draw', icon: <PenLine className="h-4 w-4" aria-hidden /> },
          ]}
        />
        {mode === 'type' ? (
          <div id="signature-mode-panel-type" role="tabpanel">
            <Field label="Full name">
              {(control) => (
                <Input
                  {...control}
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  autoComplete="name"
                />
              )}
            </Field>
            {name.trim() ? (
              <p className="mt-3 rounded-lg border border-dashed border-slate-300 px-4 py-3 font-serif text-2xl italic text-indigo-950">
                {name}
              </p>
            ) : null}
          </div>
        ) : (
          <div id="signature-mode-panel-draw" role="tabpanel" className="space-y-2">
            <canvas
              ref={canvas}
              width={480}
              height={160}
              aria-label="Draw your signature"
              className="h-40 w-full touch-none rounded-lg border border-dashed border-slate-300 bg-white"
              onPointerDown={(e) => {
                const ctx = e.currentTarget.getContext('2d');
                const p = point(e);
                drawing.current = true;
                e.currentTarget.setPointerCapture(e.pointerId);
                ctx?.beginPath();
                ctx?.moveTo(p.x, p.y);
              }}
              onPointerMove={(e) => {
                if (!drawing.current) return;
                const ctx = e.currentTarget.getContext('2d');
                const p = point(e);
                ctx?.lineTo(p.x, p.y);
                ctx?.stroke();
                setDrawn(true);
              }}
              onPointerUp={() => {
                drawing.current = false;
              }}
            />
            <Button variant="ghost" size="sm" onClick={clear}>
              Clear
            </Button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
