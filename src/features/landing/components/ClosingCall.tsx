import { Box, Button, Container, Group, Paper, Text, Title } from '@mantine/core';
import { Link } from '@shared/lib/router.tsx';
import { paths } from '@shared/config/paths.ts';
import { useT } from '../../../i18n/use-t.ts';

export function ClosingCall() {
  const t = useT();
  return (
    <Box component="section" aria-labelledby="closing-title" py={{ base: 48, sm: 72 }} bg="gray.0">
      <Container size="md">
        <Paper radius="lg" p={{ base: 'xl', sm: 48 }} ta="center" withBorder>
          <Title id="closing-title" order={2} fz={{ base: 24, sm: 30 }} mb="sm">
            {t('landing.closing.title')}
          </Title>
          <Text c="dimmed" mb="xl" maw={520} mx="auto">
            {t('landing.closing.text')}
          </Text>
          <Group justify="center">
            <Button component={Link} to={paths.signup} size="md">
              {t('landing.closing.cta')}
            </Button>
          </Group>
        </Paper>
      </Container>
    </Box>
  );
}
