// @vitest-environment happy-dom
/** A preloaded page renders at once; one that is not suspends, and keeps its state once loaded. */
import { Suspense, useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page.ts';

afterEach(cleanup);

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount(count + 1)}>{`${label} ${count}`}</button>;
}

function deferred() {
  let resolve!: (component: typeof Counter) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<typeof Counter>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const page = (element: React.ReactNode) => <Suspense fallback={<p>Loading</p>}>{element}</Suspense>;

describe('lazyPage', () => {
  it('renders a preloaded page at once, without its fallback, and downloads it once', async () => {
    const load = vi.fn(() => Promise.resolve(Counter));
    const Page = lazyPage(load);
    await Page.preload();
    await Page.preload();
    render(page(<Page label="Shifts" />));
    expect(screen.queryByText('Loading')).toBeNull();
    expect(screen.getByRole('button').textContent).toBe('Shifts 0');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends a page not yet loaded, then keeps its state through re-renders', async () => {
    const chunk = deferred();
    const Page = lazyPage(() => chunk.promise);
    const { rerender } = render(page(<Page label="Shifts" />));
    expect(screen.getByText('Loading')).toBeTruthy();
    await act(async () => chunk.resolve(Counter));
    fireEvent.click(await screen.findByRole('button'));
    rerender(page(<Page label="Staff" />));
    // The same mounted page: its count survives the new props.
    expect(screen.getByRole('button').textContent).toBe('Staff 1');
  });

  it('downloads again after a failed download', async () => {
    const first = deferred();
    const load = vi
      .fn<() => Promise<typeof Counter>>()
      .mockReturnValueOnce(first.promise)
      .mockResolvedValueOnce(Counter);
    const Page = lazyPage(load);
    const failed = Page.preload();
    first.reject(new Error('Failed to fetch dynamically imported module'));
    await expect(failed).rejects.toThrow('Failed to fetch');
    await Page.preload();
    render(page(<Page label="Shifts" />));
    expect(screen.getByRole('button').textContent).toBe('Shifts 0');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
