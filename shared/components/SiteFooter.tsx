import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link } from '../lib/router.tsx';
import { paths } from '../config/paths.ts';
import { LanguageSwitch } from '../i18n/LanguageSwitch.tsx';
import { useSharedT } from '../i18n/keys.ts';
import { Logo } from './Logo.tsx';

/** Footer of the public pages: the mark, the privacy policy link, the copyright line and the language switch. */
export function SiteFooter() {
  const t = useSharedT();
  return (
    <Box component="footer" py="xl" bg="white" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Container size="lg">
        <Group justify="space-between" gap="md">
          <Logo size={26} />
          <Group gap="lg">
            <Anchor component={Link} to={paths.privacy} size="sm" c="gray.8">
              {t('footer.privacy')}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t('footer.madeFor', { year: String(new Date().getFullYear()) })}
            </Text>
            <LanguageSwitch />
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
