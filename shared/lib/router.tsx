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
 * Both apps' router: flat paths on the History API. React Router was ~13 KB gzipped of first loads
 * whose budget is 120 KB (react-dom alone is 61 KB), for what neither app uses (nested route
 * config, loaders, params in paths); each app matches its few paths itself (AppRoutes, StaffRoutes).
 */
export interface RouterLocation {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation that led here carried (a guard's "come back to" path); null on a page load. */
  state: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type Navigate = (to: string, options?: NavigateOptions) => void;

/** Where the router keeps its entries: the browser's history, or a list in memory (tests). */
interface History {
  current(): RouterLocation;
  push(path: string, state: unknown): void;
  replace(path: string, state: unknown): void;
  /** Calls back when the entry changes from outside the router (Back, Forward). */
  listen(onChange: () => void): () => void;
  /** A new screen starts at its top, as a page load would. */
  toTop(): void;
}

interface RouterValue {
  location: RouterLocation;
  navigate: Navigate;
  history: History;
}

const RouterContext = createContext<RouterValue | null>(null);

const browserHistory: History = {
  current() {
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: (window.history.state as unknown) ?? null };
  },
  push: (path, state) => window.history.pushState(state, '', path),
  replace: (path, state) => window.history.replaceState(state, '', path),
  listen(onChange) {
    window.addEventListener('popstate', onChange);
    return () => window.removeEventListener('popstate', onChange);
  },
  toTop: () => window.scrollTo(0, 0),
};

function memoryHistory(initialPath: string): History {
  let entry = parse(initialPath, null);
  return {
    current: () => entry,
    push: (path, state) => (entry = parse(path, state)),
    replace: (path, state) => (entry = parse(path, state)),
    listen: () => () => undefined,
    toTop: () => undefined,
  };
}

// Paths resolve against a placeholder origin: only their path, query and fragment are kept.
const ORIGIN = 'http://router.invalid';

function parse(path: string, state: unknown, from = '/'): RouterLocation {
  const url = new URL(path, `${ORIGIN}${from}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash, state };
}

const pathOf = (location: RouterLocation) => `${location.pathname}${location.search}${location.hash}`;

function Router({ history, children }: { history: History; children: ReactNode }) {
  const [location, setLocation] = useState(history.current);

  useEffect(() => history.listen(() => setLocation(history.current())), [history]);

  const navigate = useCallback<Navigate>(
    (to, options) => {
      const here = history.current();
      const target = parse(to, options?.state ?? null, pathOf(here));
      if (options?.replace) history.replace(pathOf(target), target.state);
      else if (pathOf(target) !== pathOf(here) || options?.state !== undefined)
        history.push(pathOf(target), target.state);
      setLocation(history.current());
      // A changed query (a drawer, a view) keeps the screen where it was.
      if (target.pathname !== here.pathname) history.toTop();
    },
    [history],
  );

  const value = useMemo(() => ({ location, navigate, history }), [location, navigate, history]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The app's router on the browser's address bar and history. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  return <Router history={browserHistory}>{children}</Router>;
}

/** A router that leaves the address bar alone, starting at `initialPath` (component tests). */
export function MemoryRouter({ initialPath = '/', children }: { initialPath?: string; children: ReactNode }) {
  const [history] = useState(() => memoryHistory(initialPath));
  return <Router history={history}>{children}</Router>;
}

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Routing is used outside a <BrowserRouter> or <MemoryRouter>.');
  return router;
}

export const useLocation = (): RouterLocation => useRouter().location;
export const useNavigate = (): Navigate => useRouter().navigate;

/** The address's path without a trailing slash, lower-cased: how both apps match their paths. */
export function routePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return (trimmed || '/').toLowerCase();
}

type SearchParamsInit = URLSearchParams | ((current: URLSearchParams) => URLSearchParams);

/** The query string, and a setter that changes only it (a drawer, a view: no scroll, no new screen). */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchParamsInit, options?: Pick<NavigateOptions, 'replace'>) => void,
] {
  const { location, navigate, history } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: SearchParamsInit, options?: Pick<NavigateOptions, 'replace'>) => {
      // From the entry as it is now, not as this render saw it: two setters in one event both land.
      const { pathname, search } = history.current();
      const query = (typeof next === 'function' ? next(new URLSearchParams(search)) : next).toString();
      navigate(query ? `${pathname}?${query}` : pathname, options);
    },
    [navigate, history],
  );
  return [params, setParams];
}

/** Sends the visitor elsewhere as soon as it renders (a guard's redirect), replacing the entry unless told. */
export function Navigate({ to, replace = true, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
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

/** A Link that marks itself as the current page (`aria-current="page"`), for navigation bars. */
export const NavLink = forwardRef<HTMLAnchorElement, LinkProps & { end?: boolean }>(function NavLink(
  { to, end, ...rest },
  ref,
) {
  const pathname = routePath(useLocation().pathname);
  const target = routePath(to);
  const isActive = end ? pathname === target : pathname === target || pathname.startsWith(`${target}/`);
  return <Link ref={ref} to={to} aria-current={isActive ? 'page' : undefined} {...rest} />;
});
