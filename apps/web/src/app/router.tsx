import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { prefetchPayLink } from '../features/pay-links/pay-link-prefetch';
import { PublicLayout } from '../features/public/public-layout';
import { AppRoot } from './app-root';
import { AppRedirect, GuestOnly, RedirectTo, RequireAuth } from './guards';
import { lazyLightPage, lazyPage } from './lazy';
import { fullScreen, page, publicPage } from './suspense';

// The public site and the auth forms fetch through lib/light-query.ts: they do not wait for (or load) TanStack Query.
const Home = lazyLightPage(() => import('../features/public/home-page'), 'HomePage');
const Features = lazyLightPage(() => import('../features/public/features-page'), 'FeaturesPage');
const Pricing = lazyLightPage(() => import('../features/public/pricing-page'), 'PricingPage');
const Contact = lazyLightPage(() => import('../features/public/contact-page'), 'ContactPage');
const NotFound = lazyLightPage(() => import('../features/public/not-found-page'), 'NotFoundPage');
const Privacy = lazyLightPage(() => import('../features/public/legal-pages'), 'PrivacyPolicyPage');
const Terms = lazyLightPage(() => import('../features/public/legal-pages'), 'TermsPage');
const Properties = lazyLightPage(
  () => import('../features/public-listing/public-properties-page'),
  'PublicPropertiesPage',
);
const PropertyDetail = lazyLightPage(
  () => import('../features/public-listing/public-property-detail-page'),
  'PublicPropertyDetailPage',
);

const AuthLayout = lazyLightPage(() => import('../features/auth/auth-layout'), 'AuthLayout');
const Login = lazyLightPage(() => import('../features/auth/login-page'), 'LoginPage');
const TwoFactorLogin = lazyLightPage(
  () => import('../features/auth/two-factor-login-page'),
  'TwoFactorLoginPage',
);
const Register = lazyLightPage(() => import('../features/auth/register-page'), 'RegisterPage');
const ForgotPassword = lazyLightPage(() => import('../features/auth/password-pages'), 'ForgotPasswordPage');
const ResetPassword = lazyLightPage(() => import('../features/auth/password-pages'), 'ResetPasswordPage');
const VerifyEmail = lazyPage(() => import('../features/auth/verify-email-pages'), 'VerifyEmailPage');
const VerifyEmailPending = lazyLightPage(
  () => import('../features/auth/verify-email-pages'),
  'VerifyEmailPendingPage',
);
const Invitation = lazyPage(() => import('../features/invitations/invitation-page'), 'InvitationPage');
const CreateTicket = lazyPage(
  () => import('../features/create-ticket/create-ticket-page'),
  'CreateTicketPage',
);
const TrackTicket = lazyPage(() => import('../features/create-ticket/track-ticket-page'), 'TrackTicketPage');
const TenantPortalMaintenance = lazyPage(
  () => import('../features/maintenance/tenant-portal-maintenance-page'),
  'TenantPortalMaintenancePage',
);
const TenantPortal = lazyPage(() => import('../features/tenant-area/tenant-portal-page'), 'TenantPortalPage');
// The pay page is opened on a phone from a reminder: light (no TanStack Query until Pay is pressed), its invoice
// fetched while its chunk loads.
const PayLink = lazyLightPage(() => {
  prefetchPayLink();
  return import('../features/pay-links/pay-link-page');
}, 'PayLinkPage');
const AssigneePortal = lazyPage(
  () => import('../features/assignee-portal/assignee-portal-page'),
  'AssigneePortalPage',
);

// The dashboard and tenant route tables (and every page they register) load with their area, not with `/`.
const DashboardRoutes = lazyPage(() => import('./dashboard-routes'), 'DashboardRoutes');
const TenantRoutes = lazyPage(() => import('./tenant-routes'), 'TenantRoutes');

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: publicPage(Home) },
          { path: 'properties', element: publicPage(Properties) },
          { path: 'properties/:id', element: publicPage(PropertyDetail) },
          { path: 'features', element: publicPage(Features) },
          { path: 'pricing', element: publicPage(Pricing) },
          { path: 'contact', element: publicPage(Contact) },
          { path: 'privacy-policy', element: publicPage(Privacy) },
          { path: 'terms-conditions', element: publicPage(Terms) },
          { path: '*', element: publicPage(NotFound) },
        ],
      },
      {
        path: 'auth',
        element: fullScreen(AuthLayout),
        children: [
          { index: true, element: <Navigate to="/auth/login" replace /> },
          { path: 'login', element: <GuestOnly>{page(Login)}</GuestOnly> },
          { path: 'login/2fa', element: <GuestOnly>{page(TwoFactorLogin)}</GuestOnly> },
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
      { path: 'dashboard/*', element: <RequireAuth>{fullScreen(DashboardRoutes)}</RequireAuth> },
      { path: 'tenant/*', element: <RequireAuth>{fullScreen(TenantRoutes)}</RequireAuth> },
      { path: 'create-ticket/:formId', element: fullScreen(CreateTicket) },
      { path: 'track-ticket/:trackingToken', element: fullScreen(TrackTicket) },
      { path: 'tenant-portal/:tenantcode', element: fullScreen(TenantPortal) },
      { path: 'tenant-portal/:tenantcode/maintenance', element: fullScreen(TenantPortalMaintenance) },
      { path: 'assignee-portal/:assigneeCode', element: fullScreen(AssigneePortal) },
      { path: 'invitation/:token', element: fullScreen(Invitation) },
      { path: 'pay/:token', element: fullScreen(PayLink) },
    ],
  },
];

/** Declarative routing (BrowserRouter + useRoutes): the data router would add ~18 KB gzip to every page. */
export function AppRoutes() {
  return useRoutes(routes);
}
