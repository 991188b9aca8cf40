// @vitest-environment happy-dom
/** The staff app's router: links change screens without a page load, Back works, the tab bar knows its page. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Link, NavLink, Redirect, StaffRouter, useLocation, useNavigate } from './router.tsx';

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

describe('StaffRouter', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));
  afterEach(cleanup);

  it('follows a link in the page, and Back returns', () => {
    render(
      <StaffRouter>
        <Link to="/agencies?tab=join">Agencies</Link>
        <Where />
      </StaffRouter>,
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
      <StaffRouter>
        <Link to="/profile">Profile</Link>
        <Where />
      </StaffRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Profile' }), { ctrlKey: true });
    expect(where()).toBe('/');
  });

  it('marks the current tab, with `end` for Home', () => {
    render(
      <StaffRouter>
        <NavLink to="/" end>
          Home
        </NavLink>
        <NavLink to="/profile">Profile</NavLink>
        <GoButton to="/profile" />
      </StaffRouter>,
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
      <StaffRouter>
        <Redirect to="/login" />
        <Where />
      </StaffRouter>,
    );
    expect(where()).toBe('/login');
    expect(window.history.length).toBe(before);
  });
});
