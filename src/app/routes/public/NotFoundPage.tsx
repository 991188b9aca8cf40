import { Box, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from '@shared/lib/router.tsx';
import { LogoBar } from '@shared/components/LogoBar.tsx';
import { NotFoundIllustration } from '@shared/components/NotFoundIllustration.tsx';
import { paths } from '@shared/config/paths.ts';
import { useT } from '../../../i18n/use-t.ts';

export function NotFoundPage() {
  const t = useT();
  useDocumentTitle(t('notFound.documentTitle'));
  return (
    <Box mih="100vh" bg="gray.0">
      <LogoBar />
      <Container component="main" size={560} py={{ base: 32, sm: 64 }}>
        <Stack align="center" ta="center" gap="md">
          <NotFoundIllustration />
          <Title order={1} fz={{ base: 28, sm: 34 }}>
            {t('notFound.title')}
          </Title>
          <Text c="dimmed" maw={420}>
            {t('notFound.text')}
          </Text>
          <Button component={Link} to={paths.home} size="md">
            {t('notFound.home')}
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}
