import {
  BarChart3,
  Bell,
  Building2,
  CreditCard,
  type LucideIcon,
  ShieldCheck,
  Users,
  Wrench,
} from 'lucide-react';

export interface MarketingFeature {
  title: string;
  text: string;
  icon: LucideIcon;
  points: string[];
}

export const MARKETING_FEATURES: MarketingFeature[] = [
  {
    title: 'Properties & units',
    text: 'Every building, floor and unit with photos, amenities, pricing and availability.',
    icon: Building2,
    points: [
      'Unit templates for fast setup',
      'Photo galleries and virtual tours',
      'Public listings that sell',
    ],
  },
  {
    title: 'Tenants & leases',
    text: 'Applications, documents, approvals and the full lease lifecycle.',
    icon: Users,
    points: ['Document verification', 'Move-in, transfer and move-out', 'Behaviour and compliance records'],
  },
  {
    title: 'Payments & invoices',
    text: 'Collect rent online in full or by installments and keep every invoice in order.',
    icon: CreditCard,
    points: ['Card and order-based payments', 'Invoice templates and PDFs', 'Dues and overdue tracking'],
  },
  {
    title: 'Maintenance',
    text: 'Requests from tenants, assignment to staff and progress everyone can follow.',
    icon: Wrench,
    points: ['Request types and priorities', 'Assignee portal for field staff', 'Photos and status history'],
  },
  {
    title: 'Analytics',
    text: 'Occupancy, revenue and trends across your whole portfolio.',
    icon: BarChart3,
    points: ['Occupancy by property', 'Revenue over time', 'Exportable reports'],
  },
  {
    title: 'Real-time updates',
    text: 'In-app notifications the moment something needs your attention.',
    icon: Bell,
    points: ['Live notification bell', 'Email for the important things', 'Per-user preferences'],
  },
  {
    title: 'Roles & permissions',
    text: 'Owners, managers, accountants, field staff and more, each seeing exactly what they need.',
    icon: ShieldCheck,
    points: ['Eight company roles', 'Fine-grained feature permissions', 'Several companies, one login'],
  },
];
