import { Alert, Box, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { LogoBar } from '../../../components/LogoBar.tsx';
import { paths } from '../../../config/paths.ts';
import { signOut } from '../../../features/auth/api/sign-out.ts';
import { useAuth } from '../../../features/auth/hooks/auth-context.ts';
import { useCompanyProfile } from '../../../features/onboarding/hooks/use-company-profile.ts';
import { isProfileComplete } from '../../../features/onboarding/profile-completeness.ts';
import { showError, showSuccess } from '../../../lib/toast.ts';

/**
 * Placeholder for the dashboard issue: keeps /dashboard/* protected and onboarding enforced, greets
 * the company and offers Log out. Replace it with the real shell (sidebar, shift call, …).
 */
export function DashboardPage() {
  useDocumentTitle('Dashboard · CareCover');
  const { session } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { profile, isLoading, error } = useCompanyProfile(session?.user.id);

  if (isLoading) return <CenteredLoader label="Loading your dashboard" />;
  if (profile && !isProfileComplete(profile)) return <Navigate to={paths.onboard} replace />;
  if (pathname.replace(/\/$/, '') === paths.dashboard) return <Navigate to={paths.dashboardShiftCall} replace />;

  const onLogOut = async () => {
    try {
      await signOut();
      showSuccess('Logged out successfully');
      setTimeout(() => navigate(paths.login, { replace: true }), 500);
    } catch {
      showError('Error logging out');
    }
  };

  return (
    <Box mih="100vh" bg="gray.0">
      <LogoBar>
        <Button variant="default" onClick={onLogOut}>
          Log out
        </Button>
      </LogoBar>
      <Container component="main" size="lg" py="xl">
        {error || !profile ? (
          <Alert color="red" role="alert" title={error ? 'Failed to load user data' : 'No user data found'} />
        ) : (
          <Paper withBorder radius="lg" p="xl">
            <Stack gap="xs">
              <Title order={1}>Hello, {profile.company_name || 'User'}</Title>
              <Text c="dimmed">Your dashboard is being prepared.</Text>
            </Stack>
          </Paper>
        )}
      </Container>
    </Box>
  );
}
