// @vitest-environment happy-dom
/** A panel that throws shows its error and a retry in its place; the page around it stays. */
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PanelErrorBoundary } from './PanelErrorBoundary.tsx';

let shouldThrow = true;
function FlakyPanel() {
  if (shouldThrow) throw new Error('Cannot read properties of null (reading "value")');
  return <p>Panel content</p>;
}

function renderPage(resetKey?: string) {
  return (
    <MantineProvider>
      <h1>Dashboard heading</h1>
      <PanelErrorBoundary label="Shift Details" resetKey={resetKey}>
        <FlakyPanel />
      </PanelErrorBoundary>
      <p>Sibling panel</p>
    </MantineProvider>
  );
}

describe('PanelErrorBoundary', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    shouldThrow = true;
  });

  it('shows the failure with a retry instead of blanking the page, and retry re-mounts the panel', () => {
    // React reports caught render errors on the console; keep the test output readable.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(renderPage());

    expect(screen.getByRole('alert').textContent).toContain('Something went wrong showing Shift Details');
    expect(screen.getByRole('heading', { name: 'Dashboard heading' })).toBeTruthy();
    expect(screen.getByText('Sibling panel')).toBeTruthy();
    expect(screen.queryByText('Panel content')).toBeNull();

    shouldThrow = false;
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    expect(screen.getByText('Panel content')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a retry that fails again shows the error again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(renderPage());
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    expect(screen.getByRole('alert').textContent).toContain('Shift Details');
  });

  it('starts over when its reset key changes (another route)', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { rerender } = render(renderPage('/dashboard/shift-info'));
    expect(screen.getByRole('alert')).toBeTruthy();
    shouldThrow = false;
    rerender(renderPage('/dashboard/staff'));
    expect(screen.getByText('Panel content')).toBeTruthy();
  });
});
