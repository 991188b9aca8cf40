import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { BrowserRouter } from 'react-router-dom';
import { PanelErrorBoundary } from '../../../src/components/PanelErrorBoundary.tsx';
import { cssVariablesResolver, theme } from '../../../src/lib/theme.ts';
import { StaffSessionProvider } from '../features/account/components/StaffSessionProvider.tsx';
import { StaffRoutes } from './StaffRoutes.tsx';

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-center" />
      <PanelErrorBoundary label="CareCover Staff">
        <StaffSessionProvider>
          <BrowserRouter>
            <StaffRoutes />
          </BrowserRouter>
        </StaffSessionProvider>
      </PanelErrorBoundary>
    </MantineProvider>
  );
}
