import {
  createContext,
  forwardRef,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';

/**
 * The staff app's router: a handful of flat paths on the History API. React Router was ~12 KB
 * gzipped of a first load whose budget is 120 KB (react-dom alone is 62 KB), for features this app
 * does not use (nested layouts, loaders, params); the dashboard keeps React Router.
 */
export interface StaffLocation {
  pathname: string;
  search: string;
  hash: string;
}

interface NavigateOptions {
  replace?: boolean;
}

type Navigate = (to: string, options?: NavigateOptions) => void;

interface RouterValue {
  location: StaffLocation;
  navigate: Navigate;
}

const RouterContext = createContext<RouterValue | null>(null);

function currentLocation(): StaffLocation {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

export function StaffRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(currentLocation);

  useEffect(() => {
    const onPopState = () => setLocation(currentLocation());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const navigate = useCallback<Navigate>((to, options) => {
    const url = new URL(to, window.location.href);
    const target = `${url.pathname}${url.search}${url.hash}`;
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    if (options?.replace) window.history.replaceState(null, '', target);
    else if (target !== here) window.history.pushState(null, '', target);
    setLocation(currentLocation());
    // A new screen starts at its top, as a page load would.
    if (target !== here) window.scrollTo(0, 0);
  }, []);

  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Staff routing is used outside <StaffRouter>.');
  return router;
}

export const useLocation = (): StaffLocation => useRouter().location;
export const useNavigate = (): Navigate => useRouter().navigate;

/** Sends the visitor elsewhere as soon as it renders (a guard's redirect). */
export function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
}

/** A real link (middle-click and long-press still work) that changes screens without a page load. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, replace, onClick, ...rest }, ref) {
  const navigate = useNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const isPlainClick =
      event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !rest.target;
    if (event.defaultPrevented || !isPlainClick) return;
    event.preventDefault();
    navigate(to, { replace });
  };
  return <a ref={ref} href={to} onClick={handleClick} {...rest} />;
});

/** A Link that marks itself as the current page (`aria-current="page"`), for the tab bar. */
export const NavLink = forwardRef<HTMLAnchorElement, LinkProps & { end?: boolean }>(function NavLink(
  { to, end, ...rest },
  ref,
) {
  const { pathname } = useLocation();
  const isActive = end ? pathname === to : pathname === to || pathname.startsWith(`${to}/`);
  return <Link ref={ref} to={to} aria-current={isActive ? 'page' : undefined} {...rest} />;
});
