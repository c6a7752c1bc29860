import { Copy } from 'lucide-react';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { toast } from '../../lib/toast';

/** Shows a secret once (an API key, a signing secret) with a copy button. */
export function SecretReveal({
  title,
  label,
  secret,
  onClose,
}: {
  title: string;
  label: string;
  secret: string | null;
  onClose: () => void;
}) {
  const copy = async () => {
    await navigator.clipboard?.writeText(secret ?? '');
    toast.success('Copied to the clipboard');
  };
  return (
    <Dialog
      open={secret !== null}
      onClose={onClose}
      title={title}
      description="Copy it now: it is shown only this once and cannot be read again."
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <p className="mb-1 text-sm font-medium text-slate-700">{label}</p>
      <div className="flex items-center gap-2">
        <code
          data-testid="revealed-secret"
          className="min-w-0 flex-1 break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs text-slate-800"
        >
          {secret}
        </code>
        <Button variant="outline" size="sm" onClick={() => void copy()} aria-label={`Copy ${label}`}>
          <Copy className="h-4 w-4" aria-hidden /> Copy
        </Button>
      </div>
    </Dialog>
  );
}
