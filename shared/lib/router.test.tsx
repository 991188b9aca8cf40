// @vitest-environment happy-dom
/** Both apps' router: links change screens without a page load, Back works, the tab bar knows its page. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  routePath,
  useLocation,
  useNavigate,
  useSearchParams,
} from './router.tsx';

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="where">{`${pathname}${search}`}</output>;
}

function GoButton({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to, { replace })}>
      go {to}
    </button>
  );
}

const where = () => screen.getByRole('status', { name: 'where' }).textContent;

describe('BrowserRouter', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));
  afterEach(cleanup);

  it('follows a link in the page, and Back returns', () => {
    render(
      <BrowserRouter>
        <Link to="/agencies?tab=join">Agencies</Link>
        <Where />
      </BrowserRouter>,
    );
    expect(where()).toBe('/');
    const link = screen.getByRole('link', { name: 'Agencies' });
    expect(link.getAttribute('href')).toBe('/agencies?tab=join');
    fireEvent.click(link);
    expect(where()).toBe('/agencies?tab=join');
    expect(window.location.pathname).toBe('/agencies');
    act(() => {
      window.history.back();
    });
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        expect(where()).toBe('/');
        resolve();
      }, 20),
    );
  });

  it('leaves modified clicks (a new tab) to the browser', () => {
    render(
      <BrowserRouter>
        <Link to="/profile">Profile</Link>
        <Where />
      </BrowserRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Profile' }), { ctrlKey: true });
    expect(where()).toBe('/');
  });

  it('marks the current tab, with `end` for Home', () => {
    render(
      <BrowserRouter>
        <NavLink to="/" end>
          Home
        </NavLink>
        <NavLink to="/profile">Profile</NavLink>
        <GoButton to="/profile" />
      </BrowserRouter>,
    );
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'go /profile' }));
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');
  });

  it('redirects by replacing the entry, so Back does not bounce into the guard again', () => {
    window.history.replaceState(null, '', '/my-shifts');
    const before = window.history.length;
    render(
      <BrowserRouter>
        <Navigate to="/login" />
        <Where />
      </BrowserRouter>,
    );
    expect(where()).toBe('/login');
    expect(window.history.length).toBe(before);
  });

  it('carries a navigation\'s state to the next screen (a guard\'s "come back to"), not to a later one', () => {
    window.history.replaceState(null, '', '/dashboard/staff');
    function From() {
      const { pathname, state } = useLocation();
      return <output aria-label="from">{`${pathname} ${JSON.stringify(state)}`}</output>;
    }
    render(
      <BrowserRouter>
        <Navigate to="/login" state={{ from: '/dashboard/staff' }} />
        <From />
      </BrowserRouter>,
    );
    expect(screen.getByRole('status', { name: 'from' }).textContent).toBe('/login {"from":"/dashboard/staff"}');
  });

  it('changes only the query with useSearchParams, from the address as it is now', () => {
    window.history.replaceState(null, '', '/dashboard/shift-info?view=all');
    function Drawer() {
      const [params, setParams] = useSearchParams();
      const set = (name: string, value: string | null) =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            if (value) next.set(name, value);
            else next.delete(name);
            return next;
          },
          { replace: true },
        );
      return (
        <>
          <output aria-label="timeline">{params.get('timeline') ?? 'none'}</output>
          <button
            type="button"
            onClick={() => {
              // Two setters in one event: the second must not undo the first.
              set('timeline', 'abc');
              set('new', null);
            }}
          >
            open
          </button>
          <button type="button" onClick={() => setParams(new URLSearchParams())}>
            clear
          </button>
        </>
      );
    }
    const before = window.history.length;
    render(
      <BrowserRouter>
        <Drawer />
        <Where />
      </BrowserRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(where()).toBe('/dashboard/shift-info?view=all&timeline=abc');
    expect(screen.getByRole('status', { name: 'timeline' }).textContent).toBe('abc');
    expect(window.history.length).toBe(before);
    fireEvent.click(screen.getByRole('button', { name: 'clear' }));
    expect(where()).toBe('/dashboard/shift-info');
    expect(window.history.length).toBe(before + 1);
  });

  it('resolves a relative path against the current one', () => {
    window.history.replaceState(null, '', '/dashboard/staff?x=1');
    render(
      <BrowserRouter>
        <GoButton to="view?staff=7" />
        <Where />
      </BrowserRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'go view?staff=7' }));
    expect(where()).toBe('/dashboard/view?staff=7');
  });
});

describe('MemoryRouter', () => {
  afterEach(cleanup);

  it('starts where it is told and never touches the address bar', () => {
    window.history.replaceState(null, '', '/elsewhere');
    render(
      <MemoryRouter initialPath="/dashboard/chat?q=1">
        <Link to="/dashboard/shift-info">Board</Link>
        <Where />
      </MemoryRouter>,
    );
    expect(where()).toBe('/dashboard/chat?q=1');
    fireEvent.click(screen.getByRole('link', { name: 'Board' }));
    expect(where()).toBe('/dashboard/shift-info');
    expect(window.location.pathname).toBe('/elsewhere');
  });
});

describe('routePath', () => {
  it('matches an address whatever its trailing slash or case', () => {
    expect(routePath('/Dashboard/Staff/')).toBe('/dashboard/staff');
    expect(routePath('/')).toBe('/');
    expect(routePath('//')).toBe('/');
  });
});
