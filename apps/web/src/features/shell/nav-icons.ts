import {
  BarChart3,
  Bell,
  BellRing,
  Briefcase,
  Building2,
  CalendarCheck,
  Camera,
  CreditCard,
  Inbox,
  Layers,
  LayoutDashboard,
  type LucideIcon,
  Map as MapIcon,
  ScrollText,
  Shield,
  Upload,
  UserCircle,
  UserCog,
  Users,
  Wallet,
  Wrench,
} from 'lucide-react';

/** NAV_GROUPS name their icons as strings; this maps them to components. */
const ICONS: Record<string, LucideIcon> = {
  BarChart3,
  Bell,
  BellRing,
  Briefcase,
  Building2,
  CalendarCheck,
  Camera,
  CreditCard,
  Inbox,
  Layers,
  LayoutDashboard,
  Map: MapIcon,
  ScrollText,
  Shield,
  Upload,
  UserCircle,
  UserCog,
  Users,
  Wallet,
  Wrench,
};

export function navIcon(name: string): LucideIcon {
  return ICONS[name] ?? LayoutDashboard;
}
