import type { PublicPropertyDetailDto, PublicUnitDto } from '@rentora/shared';
import { Building2, Mail, MessageSquare, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '../auth/auth-provider';

export function enquiryHref(property: PublicPropertyDetailDto, unit?: PublicUnitDto): string | null {
  const subject = unit ? `Enquiry: Unit ${unit.unitNumber} at ${property.name}` : `Enquiry: ${property.name}`;
  if (property.contact.email) {
    const body = `Hello ${property.contact.name},\n\nI found ${unit ? `unit ${unit.unitNumber} at ` : ''}${property.name} on Rentora and would like to know more${unit ? ' and arrange a visit' : ''}.\n\n${window.location.href}`;
    return `mailto:${property.contact.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
  }
  return property.contact.phone ? `tel:${property.contact.phone}` : null;
}

/** On small screens the contact card sits below the units: keep the call to action in reach. */
export function MobileContactBar({ property }: { property: PublicPropertyDetailDto }) {
  const enquiry = enquiryHref(property);
  if (!enquiry) return null;
  return (
    <div className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur lg:hidden">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-slate-900">{property.company.name}</p>
          <p className="truncate text-xs text-slate-500">
            {property.availableUnits} {property.availableUnits === 1 ? 'unit' : 'units'} available
          </p>
        </div>
        <a
          href={enquiry}
          className="inline-flex h-10 shrink-0 items-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          <MessageSquare className="h-4 w-4" aria-hidden /> Contact
        </a>
      </div>
    </div>
  );
}

export function ContactCard({ property }: { property: PublicPropertyDetailDto }) {
  const { isAuthenticated } = useAuth();
  const enquiry = enquiryHref(property);
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="contact-card">
      <p className="text-sm text-slate-500">Listed by</p>
      <p className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Building2 className="h-5 w-5 text-brand-600" aria-hidden /> {property.company.name}
      </p>
      <div className="mt-4 space-y-2 border-t border-slate-100 pt-4 text-sm">
        <p className="font-medium text-slate-900">{property.contact.name}</p>
        {property.contact.phone ? (
          <a
            href={`tel:${property.contact.phone}`}
            className="flex items-center gap-2 text-slate-600 hover:text-brand-700"
          >
            <Phone className="h-4 w-4" aria-hidden /> {property.contact.phone}
          </a>
        ) : null}
        {property.contact.email ? (
          <a
            href={`mailto:${property.contact.email}`}
            className="flex items-center gap-2 break-all text-slate-600 hover:text-brand-700"
          >
            <Mail className="h-4 w-4 shrink-0" aria-hidden /> {property.contact.email}
          </a>
        ) : null}
      </div>
      {enquiry ? (
        <a
          href={enquiry}
          className="mt-5 inline-flex h-11 w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
        >
          <MessageSquare className="h-4 w-4" aria-hidden /> Contact the property team
        </a>
      ) : null}
      {!isAuthenticated ? (
        <p className="mt-3 text-center text-xs text-slate-500">
          <Link to="/auth/register" className="font-medium text-brand-600 hover:underline">
            Create a free account
          </Link>{' '}
          to book units online.
        </p>
      ) : null}
    </div>
  );
}
