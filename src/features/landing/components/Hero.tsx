import { Badge, Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { Link } from '@shared/lib/router.tsx';
import { paths } from '@shared/config/paths.ts';
import { LanguageSwitch } from '@shared/i18n/LanguageSwitch.tsx';
import { HeroIllustration } from './HeroIllustration.tsx';
import { useT } from '../../../i18n/use-t.ts';

export function Hero() {
  const t = useT();
  return (
    <Box component="section" aria-labelledby="hero-title" pt={{ base: 24, sm: 48 }} pb={{ base: 48, sm: 80 }}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
          <Stack gap="lg" align="flex-start">
            {/* Outside the top bar, which holds only the logo (SPEC §2); the footer has it too. */}
            <LanguageSwitch />
            <Badge
              variant="light"
              size="lg"
              radius="xl"
              leftSection={<IconShieldCheck size={16} aria-hidden="true" />}
              styles={{ label: { textTransform: 'none', fontWeight: 600 } }}
            >
              {t('landing.hero.badge')}
            </Badge>
            <Title id="hero-title" order={1} fz={{ base: 34, sm: 46, md: 52 }} lh={1.1} c="dark.9">
              {t('landing.hero.title')}
            </Title>
            <Text size="lg" c="gray.7" maw={540}>
              {t('landing.hero.text')}
            </Text>
            <Group gap="sm">
              <Button component={Link} to={paths.signup} size="lg">
                {t('landing.hero.getAccess')}
              </Button>
              <Button component={Link} to={paths.login} size="lg" variant="default">
                {t('landing.hero.goToAccount')}
              </Button>
            </Group>
            <Text size="sm" c="dimmed">
              {t('landing.hero.free')}
            </Text>
          </Stack>
          <Box ta="center">
            <HeroIllustration />
          </Box>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
