import { Box, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import { LogoBar } from '@shared/components/LogoBar.tsx';
import { NotFoundIllustration } from '@shared/components/NotFoundIllustration.tsx';
import { paths } from '@shared/config/paths.ts';

export function NotFoundPage() {
  useDocumentTitle('Page not found · CareCover');
  return (
    <Box mih="100vh" bg="gray.0">
      <LogoBar />
      <Container component="main" size={560} py={{ base: 32, sm: 64 }}>
        <Stack align="center" ta="center" gap="md">
          <NotFoundIllustration />
          <Title order={1} fz={{ base: 28, sm: 34 }}>
            Page not found
          </Title>
          <Text c="dimmed" maw={420}>
            The page you are looking for does not exist or has moved. Check the address, or head back to the home page.
          </Text>
          <Button component={Link} to={paths.home} size="md">
            Back to home
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
