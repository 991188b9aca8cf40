import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths.ts';
import { Logo } from './Logo.tsx';

/** Footer of the public pages: the mark, the privacy policy link and the copyright line. */
export function SiteFooter() {
  return (
    <Box component="footer" py="xl" bg="white" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Container size="lg">
        <Group justify="space-between" gap="md">
          <Logo size={26} />
          <Group gap="lg">
            <Anchor component={Link} to={paths.privacy} size="sm" c="gray.8">
              Privacy policy
            </Anchor>
            <Text size="sm" c="dimmed">
              © {new Date().getFullYear()} CareCover. Made for care agencies in Canada and the US.
            </Text>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
