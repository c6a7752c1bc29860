import { Building2, LayoutTemplate, ShieldCheck } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import { usePermissions } from '../auth/use-permissions';

/** Sub-navigation of the properties area: properties, unit templates and (super admin) verification. */
export function PropertiesSectionNav() {
  const { isSuperAdmin, canUseFeature } = usePermissions();
  const links = [
    { to: '/dashboard/properties', label: 'Properties', icon: Building2, end: true, show: true },
    {
      to: '/dashboard/properties/templates',
      label: 'Unit templates',
      icon: LayoutTemplate,
      end: false,
      show: canUseFeature('rentalunit_read') || isSuperAdmin,
    },
    {
      to: '/dashboard/properties/verification',
      label: 'Verification',
      icon: ShieldCheck,
      end: false,
      show: isSuperAdmin,
    },
  ].filter((link) => link.show);
  if (links.length < 2) return null;
  return (
    <nav
      aria-label="Properties sections"
      className="mb-5 flex gap-4 overflow-x-auto border-b border-slate-200"
    >
      {links.map(({ to, label, icon: Icon, end }) => (
        <NavLink
          key={to}
          to={to}
          end={end}
          className={({ isActive }) =>
            cn(
              '-mb-px inline-flex shrink-0 items-center gap-1.5 border-b-2 px-1 pb-2.5 pt-1 text-sm font-medium transition',
              isActive
                ? 'border-brand-600 text-brand-700'
                : 'border-transparent text-slate-500 hover:text-slate-700',
            )
          }
        >
          <Icon className="h-4 w-4" aria-hidden />
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
