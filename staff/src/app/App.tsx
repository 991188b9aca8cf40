import { MantineProvider } from '@mantine/core';
import { LocaleProvider } from '@shared/i18n/LocaleProvider.tsx';
import { DeferredNotifications } from '@shared/components/DeferredNotifications.tsx';
import { PanelErrorBoundary } from '@shared/components/PanelErrorBoundary.tsx';
import { cssVariablesResolver, theme } from '@shared/lib/theme.ts';
import { StaffSessionProvider } from '../features/account/components/StaffSessionProvider.tsx';
import { StaffRouter } from '../lib/router.tsx';
import { StaffRoutes } from './StaffRoutes.tsx';

export function App() {
  return (
    <LocaleProvider>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <DeferredNotifications />
        <PanelErrorBoundary label="CareCover Staff">
          <StaffSessionProvider>
            <StaffRouter>
              <StaffRoutes />
            </StaffRouter>
          </StaffSessionProvider>
        </PanelErrorBoundary>
      </MantineProvider>
    </LocaleProvider>
  );
}
