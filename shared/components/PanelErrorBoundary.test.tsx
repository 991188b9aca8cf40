// @vitest-environment happy-dom
/** A panel that throws shows its error and a retry in its place; the page around it stays. */
import type { AllMessages } from '@lingui/core';
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import english from '../i18n/catalogues/en.json';
import french from '../i18n/catalogues/fr-CA.json';
import { i18n } from '../i18n/i18n.ts';
import { LocaleProvider } from '../i18n/LocaleProvider.tsx';
import { PanelErrorBoundary } from './PanelErrorBoundary.tsx';

// The unit project compiles catalogues as the apps' builds do (scripts/vite-lingui-catalogues.ts).
i18n.load({ en: english, 'fr-CA': french } as unknown as AllMessages);
i18n.activate('en');

let shouldThrow = true;
function FlakyPanel() {
  if (shouldThrow) throw new Error('Cannot read properties of null (reading "value")');
  return <p>Panel content</p>;
}

function renderPage(resetKey?: string, label = 'Shift Details') {
  return (
    <LocaleProvider>
      <MantineProvider>
        <h1>Dashboard heading</h1>
        <PanelErrorBoundary label={label} resetKey={resetKey}>
          <FlakyPanel />
        </PanelErrorBoundary>
        <p>Sibling panel</p>
      </MantineProvider>
    </LocaleProvider>
  );
}

describe('PanelErrorBoundary', () => {
  afterEach(() => {
    cleanup();
    i18n.activate('en');
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

  it('says it in the person’s language', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    i18n.activate('fr-CA');
    render(renderPage(undefined, 'cette page'));
    expect(screen.getByRole('alert').textContent).toContain('Un problème est survenu à l’affichage de cette page');
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
  });
});
