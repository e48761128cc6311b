import { lazy } from 'react';
import { Outlet, createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from '../features/auth/require-auth';
import { SiteLayout } from './layouts/site-layout';
import {
  ADMIN_PATHS,
  PROTECTED_PATHS,
  PUBLIC_PATHS,
  routeHandle,
  type AdminPath,
  type ProtectedPath,
  type PublicPath,
} from './routes';
import { RouteErrorPage } from './route-error-page';

// Route-level code splitting: each screen is its own chunk, loaded when first visited.
const LandingPage = lazy(() => import('../features/landing/landing-page'));
const LoginPage = lazy(() => import('../features/auth/login-page'));
const SignupChoicePage = lazy(() => import('../features/auth/signup-choice-page'));
const SignupAdultPage = lazy(() => import('../features/auth/signup-adult-page'));
const SignupMinorPage = lazy(() => import('../features/auth/signup-minor-page'));
const ActivatePage = lazy(() => import('../features/auth/activate-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page'));
const ResetConfirmPage = lazy(() => import('../features/auth/reset-confirm-page'));
const ChangePasswordPage = lazy(() => import('../features/auth/change-password-page'));
const LogoutPage = lazy(() => import('../features/auth/logout-page'));
const InfoPage = lazy(() => import('../features/info/info-page'));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page'));
const ProfilePage = lazy(() => import('../features/profile/profile-page'));
const EditProfilePage = lazy(() => import('../features/profile/edit-profile-page'));
const FunctionalProfilePage = lazy(() => import('../features/functional-profile/functional-profile-page'));
const WordCloudPage = lazy(() => import('../features/word-cloud/word-cloud-page'));
const FeedPage = lazy(() => import('../features/feed/feed-page'));
const NewPostPage = lazy(() => import('../features/new-post/new-post-page'));
const GalleryPage = lazy(() => import('../features/gallery/gallery-page'));
const SearchPage = lazy(() => import('../features/search/search-page'));
const SearchHubPage = lazy(() => import('../features/member-search/search-hub-page'));
const SearchProfilePage = lazy(() => import('../features/member-search/search-profile-page'));
const SearchDiseasePage = lazy(() => import('../features/member-search/search-disease-page'));
const FriendsPage = lazy(() => import('../features/friends/friends-page'));
const SupportersPage = lazy(() => import('../features/supporters/supporters-page'));
const RequestsPage = lazy(() => import('../features/friends/requests-page'));
const ResourcesHubPage = lazy(() => import('../features/resources/resources-hub-page'));
const ResourceListPage = lazy(() => import('../features/resources/resource-list-page'));
const ResearchForYouPage = lazy(() => import('../features/resources/research-for-you-page'));
const MonetizationPage = lazy(() => import('../features/monetization/monetization-page'));
const EarningsPage = lazy(() => import('../features/monetization/earnings-page'));
const PaymentMethodPage = lazy(() => import('../features/monetization/payment-method-page'));
const PaymentFormPage = lazy(() => import('../features/monetization/payment-form-page'));
const WithdrawalHistoryPage = lazy(() => import('../features/monetization/withdrawal-history-page'));
const AdsTestPage = lazy(() => import('../features/ads/ads-test-page'));
const AdminDashboardPage = lazy(() => import('../features/admin/admin-dashboard-page'));
const AdminWithdrawalsPage = lazy(() => import('../features/admin/admin-withdrawals-page'));
const AdminDirectoryPage = lazy(() => import('../features/admin/admin-directory-page'));
const AdminAdsPage = lazy(() => import('../features/admin/admin-ads-page'));
const AdminAuditPage = lazy(() => import('../features/admin/admin-audit-page'));
const AdminModerationPage = lazy(() => import('../features/admin/admin-moderation-page'));
const AdminMinorsPage = lazy(() => import('../features/admin/admin-minors-page'));
const CommunitiesPage = lazy(() => import('../features/communities/communities-page'));
const CommunityPage = lazy(() => import('../features/communities/community-page'));
const AdminCommunitiesPage = lazy(() => import('../features/admin/admin-communities-page'));
const AdminRepresentativesPage = lazy(() => import('../features/admin/admin-representatives-page'));
const DirectoryEntryPage = lazy(() => import('../features/organisations/directory-entry-page'));
const InvitationPage = lazy(() => import('../features/organisations/invitation-page'));
const ChatPage = lazy(() => import('../features/chat/chat-page'));
const PublicProfilePage = lazy(() => import('../features/public-profile/public-profile-page'));
const NotificationsPage = lazy(() => import('../features/notifications/notifications-page'));
const NotificationSettingsPage = lazy(() => import('../features/notifications/notification-settings-page'));
const UnsubscribePage = lazy(() => import('../features/notifications/unsubscribe-page'));
const LegalPage = lazy(() => import('../features/legal/legal-page'));
const NotFoundPage = lazy(() => import('../features/not-found/not-found-page'));

const publicScreens: Record<PublicPath, RouteObject['element']> = {
  '/': <LandingPage />,
  '/login': <LoginPage />,
  '/signup': <SignupChoicePage />,
  '/signup/self': <SignupAdultPage />,
  '/signup/menor': <SignupMinorPage />,
  '/activate': <ActivatePage />,
  '/reset-password': <ResetPasswordPage />,
  '/reset-confirm': <ResetConfirmPage />,
  '/politica/:document': <LegalPage />,
  '/ads-test': <AdsTestPage />,
  '/baja/:token': <UnsubscribePage />,
};

const protectedScreens: Record<ProtectedPath, RouteObject['element']> = {
  '/info': <InfoPage />,
  '/dashboard': <DashboardPage />,
  '/profile': <ProfilePage />,
  '/edit-profile': <EditProfilePage />,
  '/perfil-funcional': <FunctionalProfilePage />,
  '/recursos/nube-palabras': <WordCloudPage />,
  '/feed': <FeedPage />,
  '/new-post': <NewPostPage />,
  '/gallery': <GalleryPage />,
  '/search': <SearchPage />,
  '/buscar': <SearchHubPage />,
  '/buscar/perfil': <SearchProfilePage />,
  '/buscar/enfermedad': <SearchDiseasePage />,
  '/buscar/amigos': <FriendsPage />,
  '/solicitudes': <RequestsPage />,
  '/chat': <ChatPage />,
  '/monetizacion': <MonetizationPage />,
  '/monetizacion/ganancias': <EarningsPage />,
  '/perfil/metodo-pago': <PaymentMethodPage />,
  '/perfil/metodo-pago/:metodo': <PaymentFormPage />,
  '/monetizacion/historial-retiros': <WithdrawalHistoryPage />,
  '/recursos': <ResourcesHubPage />,
  '/recursos/asociaciones': <ResourceListPage kind="asociaciones" />,
  '/recursos/proyectos': <ResourceListPage kind="proyectos" />,
  '/recursos/centros': <ResourceListPage kind="centros" />,
  '/recursos/para-ti': <ResearchForYouPage />,
  '/recursos/asociaciones/:id': <DirectoryEntryPage kind="asociaciones" />,
  '/recursos/proyectos/:id': <DirectoryEntryPage kind="proyectos" />,
  '/representantes/invitacion/:token': <InvitationPage />,
  '/perfil/:id': <PublicProfilePage />,
  '/change-password': <ChangePasswordPage />,
  '/logout': <LogoutPage />,
  '/comunidades': <CommunitiesPage />,
  '/comunidades/:id': <CommunityPage />,
  '/comunidades/enfermedad/:orphacode': <CommunityPage />,
  '/notificaciones': <NotificationsPage />,
  '/ajustes/notificaciones': <NotificationSettingsPage />,
  '/ajustes/apoyo': <SupportersPage />,
};

const adminScreens: Record<AdminPath, RouteObject['element']> = {
  '/admin': <AdminDashboardPage />,
  '/admin/moderacion': <AdminModerationPage />,
  '/admin/menores': <AdminMinorsPage />,
  '/admin/retiros': <AdminWithdrawalsPage />,
  '/admin/recursos': <AdminDirectoryPage />,
  '/admin/anuncios': <AdminAdsPage />,
  '/admin/auditoria': <AdminAuditPage />,
  '/admin/comunidades': <AdminCommunitiesPage />,
  '/admin/representantes': <AdminRepresentativesPage />,
};

/**
 * Every route gets the error page, so a screen that throws is replaced inside the site frame
 * (nearest route wins) instead of blanking the app.
 */
function withErrorElements(routeList: RouteObject[]): RouteObject[] {
  return routeList.map((route) => ({
    ...route,
    errorElement: route.errorElement ?? <RouteErrorPage />,
    children: route.children && withErrorElements(route.children),
    // RouteObject is a union (an index route has no children); each spread keeps its route's kind.
  })) as RouteObject[];
}

const routes: RouteObject[] = [
  {
    element: (
      <SiteLayout>
        <Outlet />
      </SiteLayout>
    ),
    // The frame itself failed: the page stands alone, still in a landmark.
    errorElement: (
      <main id="main" className="main">
        <RouteErrorPage />
      </main>
    ),
    children: [
      ...PUBLIC_PATHS.map((path) => ({ path, element: publicScreens[path], handle: routeHandle(path) })),
      {
        element: <RequireAuth />,
        children: [
          ...PROTECTED_PATHS.map((path) => ({
            path,
            element: protectedScreens[path],
            handle: routeHandle(path),
          })),
          ...ADMIN_PATHS.map((path) => ({ path, element: adminScreens[path], handle: routeHandle(path) })),
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Created when the application starts, so it reads the address the visitor is at then (main.tsx). */
export const createAppRouter = () => createBrowserRouter(withErrorElements(routes));
