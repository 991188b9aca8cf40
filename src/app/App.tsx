import { MantineProvider } from '@mantine/core';
import { LocaleProvider } from '@shared/i18n/LocaleProvider.tsx';
import { BrowserRouter } from '@shared/lib/router.tsx';
import { DeferredNotifications } from '@shared/components/DeferredNotifications.tsx';
import { AuthProvider } from '../features/auth/components/AuthProvider.tsx';
import { AppRoutes } from './AppRoutes.tsx';
import { cssVariablesResolver, theme } from '@shared/lib/theme.ts';

export function App() {
  return (
    <LocaleProvider>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <DeferredNotifications />
        <AuthProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AuthProvider>
      </MantineProvider>
    </LocaleProvider>
  );
}
