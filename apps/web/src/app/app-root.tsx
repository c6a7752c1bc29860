import {
  Component,
  type ErrorInfo,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useRef,
  useSyncExternalStore,
} from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { UpgradeDialogHost } from '../components/upgrade-dialog-host';
import { AuthProvider } from '../features/auth/auth-provider';
import { appNavigation } from '../lib/navigation';
import { toasts } from '../lib/toast-store';
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

const ToastViewport = lazy(() =>
  import('../components/toasts').then((module) => ({ default: module.ToastViewport })),
);
const hasToasts = () => toasts.list().length > 0;

/** The toast stack, loaded with the first toast (most visits of the public pages raise none) and kept from then on. */
function Toasts() {
  const shown = useRef(false);
  const any = useSyncExternalStore(toasts.subscribe, hasToasts, hasToasts);
  if (any) shown.current = true;
  return shown.current ? (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  ) : null;
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
      <Toasts />
      <UpgradeDialogHost />
    </AuthProvider>
  );
}
