import { Outlet, ScrollRestoration } from 'react-router';
import { ToastViewport } from '../components/toasts';
import { UpgradeDialogHost } from '../components/upgrade-dialog-host';
import { AuthProvider } from '../features/auth/auth-provider';

/** The root route: auth state (needs the router for navigation), toasts, the upgrade dialog. */
export function AppRoot() {
  return (
    <AuthProvider>
      <Outlet />
      <ToastViewport />
      <UpgradeDialogHost />
      <ScrollRestoration />
    </AuthProvider>
  );
}
