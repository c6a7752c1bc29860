import { type ComponentType, type LazyExoticComponent, Suspense } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { FullScreenSpinner, PageLoader } from '../components/spinner';
import { NotFoundPage } from '../features/public/not-found-page';
import { PublicLayout } from '../features/public/public-layout';
import { AppRoot } from './app-root';
import { componentOf, DASHBOARD_PAGES } from './dashboard-pages';
import { AppRedirect, GuestOnly, RedirectTo, RequireAuth } from './guards';
import { lazyPage } from './lazy';
import { TENANT_PAGES } from './tenant-pages';

type Lazy = LazyExoticComponent<ComponentType>;

function page(Component: Lazy) {
  return (
    <Suspense fallback={<PageLoader />}>
      <Component />
    </Suspense>
  );
}

function fullScreen(Component: Lazy) {
  return (
    <Suspense fallback={<FullScreenSpinner label="Loading page…" />}>
      <Component />
    </Suspense>
  );
}

const Home = lazyPage(() => import('../features/public/home-page'), 'HomePage');
const Features = lazyPage(() => import('../features/public/features-page'), 'FeaturesPage');
const Pricing = lazyPage(() => import('../features/public/pricing-page'), 'PricingPage');
const Contact = lazyPage(() => import('../features/public/contact-page'), 'ContactPage');
const Privacy = lazyPage(() => import('../features/public/legal-pages'), 'PrivacyPolicyPage');
const Terms = lazyPage(() => import('../features/public/legal-pages'), 'TermsPage');
const Properties = lazyPage(
  () => import('../features/public-listing/public-properties-page'),
  'PublicPropertiesPage',
);
const PropertyDetail = lazyPage(
  () => import('../features/public-listing/public-property-detail-page'),
  'PublicPropertyDetailPage',
);

const AuthLayout = lazyPage(() => import('../features/auth/auth-layout'), 'AuthLayout');
const Login = lazyPage(() => import('../features/auth/login-page'), 'LoginPage');
const Register = lazyPage(() => import('../features/auth/register-page'), 'RegisterPage');
const ForgotPassword = lazyPage(() => import('../features/auth/password-pages'), 'ForgotPasswordPage');
const ResetPassword = lazyPage(() => import('../features/auth/password-pages'), 'ResetPasswordPage');
const VerifyEmail = lazyPage(() => import('../features/auth/verify-email-pages'), 'VerifyEmailPage');
const VerifyEmailPending = lazyPage(
  () => import('../features/auth/verify-email-pages'),
  'VerifyEmailPendingPage',
);
const Invitation = lazyPage(() => import('../features/invitations/invitation-page'), 'InvitationPage');
const CreateTicket = lazyPage(() => import('../features/placeholders/portal-pages'), 'CreateTicketPage');
const TenantPortal = lazyPage(() => import('../features/placeholders/portal-pages'), 'TenantPortalPage');
const AssigneePortal = lazyPage(() => import('../features/placeholders/portal-pages'), 'AssigneePortalPage');

const DashboardLayout = lazyPage(() => import('../features/shell/dashboard-layout'), 'DashboardLayout');
const DomainPlaceholder = lazyPage(
  () => import('../features/placeholders/domain-placeholder-page'),
  'DomainPlaceholderPage',
);
const TenantLayout = lazyPage(() => import('../features/tenant/tenant-layout'), 'TenantLayout');

const dashboardChildren: RouteObject[] = [
  ...DASHBOARD_PAGES.map((def): RouteObject => {
    const Component = componentOf(def) ?? DomainPlaceholder;
    return def.path === ''
      ? { index: true, element: page(Component) }
      : { path: def.path, element: page(Component) };
  }),
  { path: '*', element: <NotFoundPage inShell /> },
];

const tenantChildren: RouteObject[] = [
  ...TENANT_PAGES.map(
    (def): RouteObject =>
      def.path === ''
        ? { index: true, element: page(def.component) }
        : { path: def.path, element: page(def.component) },
  ),
  { path: '*', element: <NotFoundPage inShell /> },
];

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: page(Home) },
          { path: 'properties', element: page(Properties) },
          { path: 'properties/:id', element: page(PropertyDetail) },
          { path: 'features', element: page(Features) },
          { path: 'pricing', element: page(Pricing) },
          { path: 'contact', element: page(Contact) },
          { path: 'privacy-policy', element: page(Privacy) },
          { path: 'terms-conditions', element: page(Terms) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: 'auth',
        element: fullScreen(AuthLayout),
        children: [
          { index: true, element: <Navigate to="/auth/login" replace /> },
          { path: 'login', element: <GuestOnly>{page(Login)}</GuestOnly> },
          { path: 'register', element: <GuestOnly>{page(Register)}</GuestOnly> },
          { path: 'forgot-password', element: <GuestOnly>{page(ForgotPassword)}</GuestOnly> },
          { path: 'reset-password/:token', element: <GuestOnly>{page(ResetPassword)}</GuestOnly> },
          { path: 'verify-email/:token', element: page(VerifyEmail) },
          { path: 'verify-email-pending', element: page(VerifyEmailPending) },
          { path: '*', element: <Navigate to="/auth/login" replace /> },
        ],
      },
      { path: 'login', element: <RedirectTo to="/auth/login" /> },
      { path: 'register', element: <RedirectTo to="/auth/register" /> },
      { path: 'app', element: <AppRedirect /> },
      {
        path: 'dashboard',
        element: <RequireAuth>{fullScreen(DashboardLayout)}</RequireAuth>,
        children: dashboardChildren,
      },
      {
        path: 'tenant',
        element: <RequireAuth>{fullScreen(TenantLayout)}</RequireAuth>,
        children: tenantChildren,
      },
      { path: 'create-ticket/:formId', element: fullScreen(CreateTicket) },
      { path: 'tenant-portal/:tenantcode', element: fullScreen(TenantPortal) },
      { path: 'assignee-portal/:assigneeCode', element: fullScreen(AssigneePortal) },
      { path: 'invitation/:token', element: fullScreen(Invitation) },
    ],
  },
];

/** Declarative routing (BrowserRouter + useRoutes): the data router would add ~18 KB gzip to every page. */
export function AppRoutes() {
  return useRoutes(routes);
}
