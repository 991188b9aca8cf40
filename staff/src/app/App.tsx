import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { LocaleProvider } from '@shared/i18n/LocaleProvider.tsx';
import { DeferredNotifications } from '@shared/components/DeferredNotifications.tsx';
import { PanelErrorBoundary } from '@shared/components/PanelErrorBoundary.tsx';
import { cssVariablesResolver, theme } from '@shared/lib/theme.ts';
import { StaffSessionProvider } from '../features/account/components/StaffSessionProvider.tsx';
import { BrowserRouter } from '@shared/lib/router.tsx';
import { StaffRoutes } from './StaffRoutes.tsx';
import { useT } from '../i18n/use-t.ts';

/** The window's (and the tab's) name in the worker's language: CareCover Staff, CareCover Personnel. */
function Titled({ children }: { children: ReactNode }) {
  const t = useT();
  useDocumentTitle(t('staff.appName'));
  return children;
}

/** The last line of defence, named in the worker's language: a screen that throws shows a retry. */
function AppBoundary({ children }: { children: ReactNode }) {
  const t = useT();
  return <PanelErrorBoundary label={t('staff.appName')}>{children}</PanelErrorBoundary>;
}

export function App() {
  return (
    <LocaleProvider>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <DeferredNotifications />
        <AppBoundary>
          <Titled>
            <StaffSessionProvider>
              <BrowserRouter>
                <StaffRoutes />
              </BrowserRouter>
            </StaffSessionProvider>
          </Titled>
        </AppBoundary>
      </MantineProvider>
    </LocaleProvider>
  );
}
