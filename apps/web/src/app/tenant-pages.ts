import type { ComponentType, LazyExoticComponent } from 'react';
import { findPageDef } from './find-page';
import { lazyPage } from './lazy';

/** The tenant area's pages under /tenant (spec 01 §2 "Tenant area"). */
export interface TenantPageDef {
  path: string;
  title: string;
  description: string;
  component: LazyExoticComponent<ComponentType>;
}

const Home = lazyPage(() => import('../features/tenant-area/tenant-home-page'), 'TenantHomePage');
const Notifications = lazyPage(
  () => import('../features/notifications/notifications-page'),
  'NotificationsPage',
);
const Profile = lazyPage(() => import('../features/profile/profile-page'), 'ProfilePage');
const MyUnits = lazyPage(() => import('../features/tenant-area/my-units-pages'), 'MyUnitsPage');
const MyUnit = lazyPage(() => import('../features/tenant-area/my-units-pages'), 'MyUnitPage');
const Explore = lazyPage(
  () => import('../features/public-listing/public-properties-page'),
  'PublicPropertiesPage',
);
const ExploreDetail = lazyPage(
  () => import('../features/public-listing/public-property-detail-page'),
  'PublicPropertyDetailPage',
);

export const TENANT_PAGES: TenantPageDef[] = [
  { path: '', title: 'Dashboard', description: 'Your home at a glance', component: Home },
  { path: 'dashboard', title: 'Dashboard', description: 'Your home at a glance', component: Home },
  {
    path: 'units',
    title: 'My Unit',
    description: 'The unit you rent, your lease and documents',
    component: MyUnits,
  },
  { path: 'units/:id', title: 'My Unit', description: 'Unit details', component: MyUnit },
  { path: 'properties', title: 'Explore', description: 'Find your next home', component: Explore },
  { path: 'properties/:id', title: 'Explore', description: 'Property details', component: ExploreDetail },
  {
    path: 'maintenance',
    title: 'Maintenance',
    description: 'Report and follow repairs',
    component: lazyPage(
      () => import('../features/maintenance/tenant-maintenance-page'),
      'TenantMaintenancePage',
    ),
  },
  {
    path: 'notifications',
    title: 'Notifications',
    description: 'Your in-app notifications',
    component: Notifications,
  },
  { path: 'profile', title: 'Profile', description: 'Your account details and password', component: Profile },
  {
    path: 'favorites',
    title: 'Favorites',
    description: 'Homes you saved',
    component: lazyPage(() => import('../features/favorites/favorites-page'), 'FavoritesPage'),
  },
  {
    path: 'applications',
    title: 'My bookings',
    description: 'Your bookings, payments and installments',
    component: lazyPage(() => import('../features/bookings/bookings-pages'), 'MyBookingsPage'),
  },
  {
    path: 'payments',
    title: 'Payments',
    description: 'Rent and deposits',
    component: lazyPage(() => import('../features/invoices/tenant-payments-page'), 'TenantPaymentsPage'),
  },
  {
    path: 'messages',
    title: 'Messages',
    description: 'Conversations with your landlord',
    component: lazyPage(() => import('../features/tenant-area/tenant-messages-page'), 'TenantMessagesPage'),
  },
  {
    path: 'settings',
    title: 'Settings',
    description: 'Your preferences',
    component: lazyPage(
      () => import('../features/tenant-area/settings/tenant-settings-page'),
      'TenantSettingsPage',
    ),
  },
];

export function findTenantPage(pathname: string): TenantPageDef | undefined {
  return findPageDef(TENANT_PAGES, '/tenant', pathname);
}
