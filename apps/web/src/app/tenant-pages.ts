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

const Placeholder = lazyPage(() => import('../features/tenant/tenant-pages'), 'TenantPlaceholderPage');
const Home = lazyPage(() => import('../features/tenant/tenant-pages'), 'TenantHomePage');
const Notifications = lazyPage(
  () => import('../features/notifications/notifications-page'),
  'NotificationsPage',
);
const Profile = lazyPage(() => import('../features/profile/profile-page'), 'ProfilePage');

export const TENANT_PAGES: TenantPageDef[] = [
  { path: '', title: 'Dashboard', description: 'Your home at a glance', component: Home },
  { path: 'dashboard', title: 'Dashboard', description: 'Your home at a glance', component: Home },
  {
    path: 'units',
    title: 'My Unit',
    description: 'The unit you rent, your lease and documents',
    component: Placeholder,
  },
  { path: 'units/:id', title: 'My Unit', description: 'Unit details', component: Placeholder },
  { path: 'properties', title: 'Explore', description: 'Find your next home', component: Placeholder },
  { path: 'properties/:id', title: 'Explore', description: 'Property details', component: Placeholder },
  {
    path: 'maintenance',
    title: 'Maintenance',
    description: 'Report and follow repairs',
    component: Placeholder,
  },
  {
    path: 'notifications',
    title: 'Notifications',
    description: 'Your in-app notifications',
    component: Notifications,
  },
  { path: 'profile', title: 'Profile', description: 'Your account details and password', component: Profile },
  { path: 'favorites', title: 'Favorites', description: 'Homes you saved', component: Placeholder },
  {
    path: 'applications',
    title: 'Applications',
    description: 'Your rental applications',
    component: Placeholder,
  },
  { path: 'payments', title: 'Payments', description: 'Rent and deposits', component: Placeholder },
  {
    path: 'messages',
    title: 'Messages',
    description: 'Conversations with your landlord',
    component: Placeholder,
  },
  { path: 'settings', title: 'Settings', description: 'Your preferences', component: Placeholder },
];

export function findTenantPage(pathname: string): TenantPageDef | undefined {
  return findPageDef(TENANT_PAGES, '/tenant', pathname);
}
