import type { Feature } from '@rentora/shared';
import { BellRing, type LucideIcon, Plug, Receipt } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../components/card';
import { usePermissions } from '../auth/use-permissions';

interface SettingLink {
  title: string;
  text: string;
  to: string;
  label: string;
  icon: LucideIcon;
  /** Shown only to members holding it. */
  feature?: Feature;
}

/** The company's other settings pages, one card each beside the profile. */
const SETTING_LINKS: SettingLink[] = [
  {
    title: 'Tax settings',
    text: 'GSTIN, GST rate and the numbering of invoices and receipts.',
    to: '/dashboard/companies/tax-settings',
    label: 'Open tax settings',
    icon: Receipt,
  },
  {
    title: 'Collections',
    text: 'Dues reminders by email, SMS and WhatsApp: schedule, quiet hours and templates.',
    to: '/dashboard/payments/collections',
    label: 'Open collections settings',
    icon: BellRing,
    feature: 'payments_read',
  },
  {
    title: 'Integrations',
    text: 'API keys for your scripts and signed webhooks to your systems.',
    to: '/dashboard/companies/integrations',
    label: 'Open integrations',
    icon: Plug,
  },
];

export function CompanySettingLinks() {
  const { canUseFeature } = usePermissions();
  return (
    <>
      {SETTING_LINKS.filter((link) => !link.feature || canUseFeature(link.feature)).map(
        ({ title, text, to, label, icon: Icon }) => (
          <Card key={to} className="p-5">
            <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
              <Icon className="h-4 w-4 text-brand-600" aria-hidden /> {title}
            </h2>
            <p className="mt-1 text-sm text-slate-500">{text}</p>
            <Link to={to} className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline">
              {label}
            </Link>
          </Card>
        ),
      )}
    </>
  );
}
