import { PERMISSION_CATALOGUE } from '@rentora/shared';
import { Crown, Headphones, ShieldCheck, Sparkles, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import type { UpgradeRequest } from '../lib/upgrade-store';
import { buttonClasses } from './button';
import { Dialog } from './dialog';

export type { UpgradeRequest } from '../lib/upgrade-store';

const LIMIT_NOUNS: Record<string, string> = {
  properties: 'properties',
  users: 'users',
  rentalUnits: 'rental units',
};

/** A feature code ("payments_read") as its catalogue name ("View Payments"); names pass through. */
export function featureDisplayName(feature: string | undefined): string {
  if (!feature) return 'this feature';
  return PERMISSION_CATALOGUE.find((entry) => entry.feature === feature)?.name ?? feature;
}

/** The dialog's message by limit type (spec 01 §2 "Upgrade dialog"). */
export function upgradeMessage(request: UpgradeRequest): string {
  const noun = request.limitType ? LIMIT_NOUNS[request.limitType] : undefined;
  if (noun) return `You've reached your limit of ${request.limit ?? request.current ?? 0} ${noun}`;
  if (request.limitType === 'feature') {
    return `The feature "${featureDisplayName(request.feature)}" is not available in your current plan`;
  }
  return 'This feature requires an upgraded plan';
}

export const SELLING_POINTS = [
  {
    title: 'Unlimited Growth',
    text: 'Add more properties, units and team members as you grow.',
    icon: TrendingUp,
  },
  { title: 'Premium Features', text: 'Bookings, online payments, invoices and analytics.', icon: Sparkles },
  { title: 'Priority Support', text: 'A faster line to our team whenever you need help.', icon: Headphones },
  {
    title: 'Enhanced Security',
    text: 'Fine-grained permissions and audit-ready records.',
    icon: ShieldCheck,
  },
] as const;

export function UpgradeDialog({ request, onClose }: { request: UpgradeRequest | null; onClose: () => void }) {
  const showUsage =
    request !== null &&
    typeof request.current === 'number' &&
    typeof request.limit === 'number' &&
    request.limit > 0;
  const percent = showUsage
    ? Math.min(100, Math.round(((request.current ?? 0) / (request.limit ?? 1)) * 100))
    : 0;
  return (
    <Dialog open={request !== null} onClose={onClose} title="Unlock Your Full Potential" size="lg" hideTitle>
      {request ? (
        <div className="-mx-6 -my-4">
          <div className="rounded-t-2xl bg-gradient-to-br from-brand-600 via-brand-700 to-violet-700 px-6 pb-6 pt-8 text-white">
            <div className="mb-3 inline-flex h-11 w-11 items-center justify-center rounded-xl bg-white/15">
              <Crown className="h-6 w-6" aria-hidden />
            </div>
            <p className="text-2xl font-bold" aria-hidden>
              Unlock Your Full Potential
            </p>
            <p className="mt-2 text-sm text-brand-100" data-testid="upgrade-message">
              {upgradeMessage(request)}
            </p>
            {showUsage ? (
              <div className="mt-4" data-testid="upgrade-usage">
                <div className="mb-1 flex justify-between text-xs text-brand-100">
                  <span>Current usage</span>
                  <span>
                    {request.current} / {request.limit}
                  </span>
                </div>
                <div
                  className="h-2 overflow-hidden rounded-full bg-white/20"
                  role="progressbar"
                  aria-label="Current usage"
                  aria-valuemin={0}
                  aria-valuemax={request.limit}
                  aria-valuenow={request.current}
                >
                  <div className="h-full rounded-full bg-white" style={{ width: `${percent}%` }} />
                </div>
              </div>
            ) : null}
          </div>
          <ul className="grid gap-3 px-6 py-5 sm:grid-cols-2">
            {SELLING_POINTS.map(({ title, text, icon: Icon }) => (
              <li key={title} className="flex gap-3 rounded-xl border border-slate-200 p-3">
                <Icon className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden />
                <div>
                  <p className="text-sm font-semibold text-slate-900">{title}</p>
                  <p className="text-xs text-slate-500">{text}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="flex flex-col gap-2 border-t border-slate-100 px-6 py-4 sm:flex-row sm:items-center sm:justify-between">
            <Link
              to="/contact"
              state={{ source: 'upgrade-dialog' }}
              onClick={onClose}
              className="text-sm font-medium text-brand-600 hover:underline"
            >
              Talk to our sales team
            </Link>
            <Link
              to="/contact"
              state={{ source: 'upgrade-dialog' }}
              onClick={onClose}
              className={buttonClasses('primary', 'md')}
              data-autofocus
            >
              Contact Us to Upgrade
            </Link>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
