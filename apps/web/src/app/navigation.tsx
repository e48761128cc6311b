import {
  createContext,
  useContext,
  useEffect,
  useState,
  type AnchorHTMLAttributes,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { Pictogram, type PictogramName } from '../components/ui/pictogram';
import type { RouteLayout } from './routes';

/**
 * What the frame and the landing page need of the router, without importing it: react-router is
 * about 30 KB of compressed JavaScript, a third of the landing page's budget (issue 19, decision
 * 0017). The signed-in application passes react-router's own Link, location and Navigate
 * (full-app.tsx); a visitor's first load of `/` gets the stand-ins below, which hand over to the
 * application (and load it) at the first navigation away from the landing page.
 */
export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  children?: ReactNode;
};

/** A link of the site: `pictogram` is the picture shown before its words in easy-read mode. */
export type AppLinkWithPictogramProps = AppLinkProps & { pictogram?: PictogramName };

export type AppLocation = { pathname: string; search: string; hash: string };

export type Navigation = {
  Link: ComponentType<AppLinkProps>;
  useLocation: () => AppLocation;
  Navigate: ComponentType<{ to: string; replace?: boolean }>;
  /** Whether the router is there: the members' parts of the frame need it. */
  withRouter: boolean;
  /** The layout of the screen shown, from its route (routes.ts `ROUTE_LAYOUTS`). */
  useRouteLayout: () => RouteLayout;
};

function currentLocation(): AppLocation {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

type HandOver = {
  /** Starts loading the application, when the visitor shows an intent to leave the page. */
  warmUp: () => void;
  /** Opens the application at an address. */
  start: (to: string, replace: boolean) => void;
};

let handOver: HandOver = {
  warmUp: () => undefined,
  start: (to, replace) => (replace ? window.location.replace(to) : window.location.assign(to)),
};

/** Called once by the landing page's first load (main.tsx): how to start the application. */
export function setHandOver(next: HandOver) {
  handOver = next;
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>) {
  return (
    event.button === 0 &&
    !event.defaultPrevented &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    (!event.currentTarget.target || event.currentTarget.target === '_self')
  );
}

/** A real link (it works with a middle click, "open in new tab" and without JavaScript). */
function HandOverLink({ to, onClick, onPointerEnter, onFocus, ...rest }: AppLinkProps) {
  return (
    <a
      {...rest}
      href={to}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        handOver.warmUp();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        handOver.warmUp();
      }}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainLeftClick(event)) return;
        event.preventDefault();
        // As react-router's Link: a link to the address already shown replaces it (the brand on
        // the landing page must not add a history entry that leads to the same page).
        const { pathname, search, hash } = window.location;
        handOver.start(to, to === pathname + search + hash);
      }}
    />
  );
}

function HandOverNavigate({ to, replace = false }: { to: string; replace?: boolean }) {
  useEffect(() => handOver.start(to, replace), [to, replace]);
  return null;
}

function useWindowLocation(): AppLocation {
  const [location, setLocation] = useState(currentLocation);
  useEffect(() => {
    const update = () => setLocation(currentLocation());
    window.addEventListener('popstate', update);
    window.addEventListener('hashchange', update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener('hashchange', update);
    };
  }, []);
  return location;
}

export const handOverNavigation: Navigation = {
  Link: HandOverLink,
  useLocation: useWindowLocation,
  Navigate: HandOverNavigate,
  withRouter: false,
  // Without the router only the landing page is drawn, and it is a standard screen.
  useRouteLayout: () => 'standard',
};

const NavigationContext = createContext<Navigation>(handOverNavigation);

export const NavigationProvider = NavigationContext.Provider;

export function AppLink({ pictogram, children, ...props }: AppLinkWithPictogramProps) {
  const { Link } = useContext(NavigationContext);
  return (
    <Link {...props}>
      {pictogram && <Pictogram name={pictogram} />}
      {children}
    </Link>
  );
}

export function AppNavigate(props: { to: string; replace?: boolean }) {
  const { Navigate } = useContext(NavigationContext);
  return <Navigate {...props} />;
}

/**
 * True inside the application: a session marker that appears while the landing's first load is
 * shown (a sign-in in another tab) must not draw the members' parts without their router.
 */
export function useWithRouter(): boolean {
  return useContext(NavigationContext).withRouter;
}

let focusAfterHandOver = false;

/** Set by main.tsx when the application takes over from the landing page at a visitor's click. */
export function markHandOver() {
  focusAfterHandOver = true;
}

/** Whether the application's first drawing follows a click on the landing page (read once). */
export function takeHandOverMark(): boolean {
  const marked = focusAfterHandOver;
  focusAfterHandOver = false;
  return marked;
}

/** The current address; the provider never changes within one tree, so the hook order holds. */
export function useAppLocation(): AppLocation {
  return useContext(NavigationContext).useLocation();
}

/** The layout of the screen shown (routes.ts `RouteLayout`); same hook-order argument as above. */
export function useRouteLayout(): RouteLayout {
  return useContext(NavigationContext).useRouteLayout();
}
