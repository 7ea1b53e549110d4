import { useQueryClient } from '@tanstack/react-query';
import { canOpenScreen, defineAbilityFor, isRoleName, SCREEN_SUBJECTS, type ScreenSubject } from '@fhp/domain';
import { useEffect, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { Link, matchPath, Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { Footer } from '../components/Footer';
import { LoadingScreen } from '../components/LoadingScreen';
import { OfflineNotice } from '../components/OfflineNotice';
import { Breadcrumbs } from '../components/shell/Breadcrumbs';
import { NotAllowed } from '../components/shell/NotAllowed';
import { SidebarIcon } from '../components/shell/SidebarIcon';
import { SidebarNav } from '../components/shell/SidebarNav';
import { USER_MENU_ITEMS, UserMenu } from '../components/shell/UserMenu';
import { notify } from '../components/toast';
import { identityKeys, useMyProfile, useWhoAmI } from '../lib/auth/identity';
import { endSession, readSessionUser } from '../lib/auth/session';
import { useSession } from '../lib/auth/useSession';
import { ApiError } from '../lib/graphql/errors';
import { useKeepPageContentOffline, usePageContent } from '../lib/page-content/pageContent';
import { buildBreadcrumbs, trackerCrumbs, trackerDetailCrumbs, type CrumbBuilder } from '../lib/shell/breadcrumbs';
import { displayName } from '../lib/shell/headerCase';
import { resolveSidebar } from '../lib/shell/sidebar';
import { useIsNarrow } from '../lib/useIsNarrow';
import { ErrorDialog } from '../components/ErrorDialog';
import { ROUTES } from './routeTable';
import { StandaloneMain } from './StandaloneMain';
import '../styles/signed-in.scss';

/** Route `handle` of a signed-in page: the screen whose read ability it needs. */
export interface ScreenHandle {
  screen: ScreenSubject;
}

/** Screens whose breadcrumb trail is not the prefixes of their path (the tracker sits under its policy). */
const SCREEN_CRUMBS: Partial<Record<ScreenSubject, CrumbBuilder>> = { WeatherAnalytics: trackerCrumbs, AnalyticsAPIDetail: trackerDetailCrumbs };

function isScreenSubject(value: unknown): value is ScreenSubject {
  return typeof value === 'string' && (SCREEN_SUBJECTS as readonly string[]).includes(value);
}

/** The deepest matched route's handle and params. */
function useCurrentRoute(): { handle: ScreenHandle; params: Readonly<Record<string, string | undefined>> } | null {
  const matches = useMatches();
  const match = [...matches].reverse().find((m) => isScreenSubject((m.handle as Partial<ScreenHandle> | undefined)?.screen));
  return match ? { handle: match.handle as ScreenHandle, params: match.params } : null;
}

/** The screen of the deepest matched route; page content `routes` may name a different ability for it. */
function useCurrentScreen(handle: ScreenHandle | undefined): ScreenSubject | null {
  const { routes } = usePageContent();
  if (!handle) return null;
  const configured = routes.find((r) => r.name === handle.screen)?.ability;
  return isScreenSubject(configured) ? configured : handle.screen;
}

/** Whether an address is one of the app's pages (a breadcrumb links only to pages). */
const isPage = (path: string) => Object.values(ROUTES).some((pattern) => matchPath(pattern, path) !== null);

/**
 * <Navigate> navigates again whenever its `state` prop is a new object; while the sign-in chunk
 * loads the layout keeps re-rendering, so an inline object would navigate forever.
 */
function RedirectToSignIn({ from }: { from: string }) {
  const state = useMemo(() => ({ from }), [from]);
  return <Navigate to={ROUTES.SignIn} replace state={state} />;
}

const CONTRACTED_KEY = 'fhp.sidebarContracted';

/**
 * The signed-in shell (spec part 1 section 2, part 2 section 2). Page load order and how it is
 * honoured here:
 *   1. role: the who-am-I call; nothing below renders before it answers;
 *   2. profile: `getMyProfile`, started only once the role is known (dependent query); until it
 *      answers, and if it fails, the session's user gives name and image;
 *   3. sidebar: the spec's items with configured titles/icons, then the role's blacklist;
 *   4. brand: logo and title from page content (already loaded by the root gate);
 *   5. organisation profile (only with a token): the identity contract has no such call yet, so
 *      nothing is fetched; this is where it goes;
 *   6. routes: the page's read ability is checked (`canOpenScreen`) before its outlet renders;
 *   7. dropdown items; 8. footer.
 */
/** The page of a signed-in screen whose caller could not be read: the spec's error dialog with Retry, and a way to it after Close. */
function WhoAmIFailed({ onRetry }: { onRetry: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <div className="py-4">
      <p className="lead">Your account could not be loaded right now.</p>
      <Button variant="primary" onClick={onRetry}>
        Retry
      </Button>
      <ErrorDialog show={open} onRetry={onRetry} onClose={() => setOpen(false)} />
    </div>
  );
}

export function SignedInLayout() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const content = usePageContent();
  useKeepPageContentOffline(content);
  const isNarrow = useIsNarrow();
  const current = useCurrentRoute();
  const screen = useCurrentScreen(current?.handle);
  const [contracted, setContracted] = useState(() => window.localStorage.getItem(CONTRACTED_KEY) === '1');
  const [offcanvasOpen, setOffcanvasOpen] = useState(false);
  // Closed by Escape or its button, the phone menu gives focus back to the button that opened it.
  const [menuReturnsFocus, setMenuReturnsFocus] = useState(true);
  // Logging out goes to the product page, not to sign-in: the redirect below must not race it.
  const [leaving, setLeaving] = useState(false);

  const whoAmI = useWhoAmI();
  const caller = whoAmI.data;
  const profile = useMyProfile(whoAmI.isSuccess && Boolean(caller));

  const unauthenticated = whoAmI.error instanceof ApiError && whoAmI.error.code === 'UNAUTHENTICATED';
  useEffect(() => {
    // The server no longer accepts the token (revoked, signed by an old key): start again.
    if (unauthenticated || (whoAmI.isSuccess && caller === null)) endSession();
  }, [unauthenticated, whoAmI.isSuccess, caller]);

  // Anonymous (or the token just expired): sign in first, then come back here.
  if (!session.token && leaving) return null;
  if (!session.token) return <RedirectToSignIn from={`${location.pathname}${location.search}`} />;
  if (whoAmI.isPending) {
    return (
      <StandaloneMain>
        <LoadingScreen />
      </StandaloneMain>
    );
  }
  // A who-am-I that failed (the server busy, the network gone) keeps the shell, with the menu of
  // the role this device signed in with, and says so in the error dialog with Retry (issue 20 item
  // 5): a blank page with no way around it told holders nothing.
  const failed = whoAmI.isError && !unauthenticated;
  if (!caller && !failed) return null; // the effect above ends the session; the redirect follows

  const role = failed ? (isRoleName(session.role) ? session.role : null) : isRoleName(caller!.role) ? caller!.role : null;
  const sessionUser = readSessionUser();
  const person = profile.data ?? sessionUser;
  const name = person ? displayName(person) : '';
  const image = person?.image ?? null;

  const ability = defineAbilityFor({ id: caller?.userId ?? '', role });
  const items = resolveSidebar({ overrides: content.sidebarItems, role, canRead: (subject) => ability.can('read', subject) });
  const ownTrail = current ? SCREEN_CRUMBS[current.handle.screen] : undefined;
  const crumbs = ownTrail
    ? ownTrail({ params: current!.params, search: new URLSearchParams(location.search), labels: content.breadcrumbs })
    : buildBreadcrumbs(location.pathname, content.breadcrumbs, undefined, isPage);
  const productPath = `/product/${content.brand.productId}`;
  const allowed = screen === null || canOpenScreen(ability, role, screen);

  const toggleContracted = () => {
    const next = !contracted;
    setContracted(next);
    window.localStorage.setItem(CONTRACTED_KEY, next ? '1' : '0');
  };

  const onMenu = (key: string) => {
    if (key === 'logout') {
      setLeaving(true);
      endSession();
      queryClient.removeQueries({ queryKey: identityKeys.all });
      void navigate(productPath);
    } else if (key === 'myProfile') {
      void navigate(ROUTES.MyAccount);
    } else {
      notify.comingSoon();
    }
  };

  // Following a link of the phone menu closes it and leaves focus to the new page (RouteFocus).
  const leaveMenu = () => {
    setMenuReturnsFocus(false);
    setOffcanvasOpen(false);
  };

  const brandBlock = (
    <Link to={ROUTES.MyAccount} className="sidebar-brand" aria-label={`${content.brand.title} home`} onClick={leaveMenu}>
      <img src={content.brand.logo} alt="" width={36} height={36} />
      <span className={contracted && !isNarrow ? 'visually-hidden' : undefined}>{content.brand.title}</span>
    </Link>
  );
  const nav = (
    <nav aria-label="Account">
      <SidebarNav
        items={items}
        contracted={contracted && !isNarrow}
        onNavigate={leaveMenu}
      />
    </nav>
  );

  return (
    <div className={`signed-in-shell${contracted && !isNarrow ? ' is-contracted' : ''}`}>
      {isNarrow ? (
        <Offcanvas
          show={offcanvasOpen}
          onHide={() => setOffcanvasOpen(false)}
          restoreFocus={menuReturnsFocus}
          className="sidebar-offcanvas"
          // "Menu": the user dropdown is named after the person, so the two are told apart by ear.
          aria-label="Menu"
        >
          <Offcanvas.Header closeButton closeLabel="Close menu">
            <Offcanvas.Title as="div">{brandBlock}</Offcanvas.Title>
          </Offcanvas.Header>
          <Offcanvas.Body>{nav}</Offcanvas.Body>
        </Offcanvas>
      ) : (
        <aside className="sidebar" aria-label="Sidebar">
          {brandBlock}
          {nav}
          <Button variant="link" className="sidebar-toggle" onClick={toggleContracted} aria-pressed={contracted} aria-label={contracted ? 'Expand sidebar' : 'Contract sidebar'}>
            <SidebarIcon name={contracted ? 'chevron-double-right' : 'chevron-double-left'} />
          </Button>
        </aside>
      )}
      <div className="shell-body">
        <header className="shell-topbar">
          {isNarrow && (
            <Button
              variant="link"
              className="shell-menu-button"
              onClick={() => {
                setMenuReturnsFocus(true);
                setOffcanvasOpen(true);
              }}
              aria-label="Open menu"
              aria-expanded={offcanvasOpen}
            >
              <SidebarIcon name="list" />
            </Button>
          )}
          <Breadcrumbs crumbs={crumbs} />
          <div className="ms-auto">
            <UserMenu name={name} image={image} items={USER_MENU_ITEMS} onSelect={onMenu} />
          </div>
        </header>
        <main id="main" className="shell-main" tabIndex={-1}>
          <OfflineNotice />
          {failed ? (
            <WhoAmIFailed onRetry={() => void whoAmI.refetch()} />
          ) : allowed ? (
            <Outlet />
          ) : (
            <NotAllowed homePath={productPath} />
          )}
        </main>
        <Footer brand={content.brand} sections={content.footer} contact={content.contact} />
      </div>
    </div>
  );
}
