import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ToastViewport } from '../components/toasts';
import { UpgradeDialogHost } from '../components/upgrade-dialog-host';
import { AuthProvider } from '../features/auth/auth-provider';
import { appNavigation } from '../lib/navigation';
import { RouteError } from './route-error';

class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.error !== null)
      this.setState({ error: null });
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (!(error instanceof Error && error.name === 'ChunkLoadError'))
      console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error !== null ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

function NavigationBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  appNavigation.navigate = navigate;
  appNavigation.location = location;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the top on every new page
  useEffect(() => {
    if (location.hash) return;
    window.scrollTo(0, 0);
  }, [location.pathname, location.hash]);
  return null;
}

/** The root route: auth state (needs the router for navigation), toasts, the upgrade dialog, errors. */
export function AppRoot() {
  const location = useLocation();
  return (
    <AuthProvider>
      <NavigationBridge />
      <RouteErrorBoundary resetKey={location.pathname}>
        <Outlet />
      </RouteErrorBoundary>
      <ToastViewport />
      <UpgradeDialogHost />
    </AuthProvider>
  );
}
