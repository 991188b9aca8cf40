import { Anchor, Box, Container, Group } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { Link } from '../lib/router.tsx';
import { paths } from '../config/paths.ts';
import { useSharedT } from '../i18n/keys.ts';
import { Logo } from './Logo.tsx';

/** Past this many pixels of scroll the bar turns solid (SPEC §9). */
export const LOGO_BAR_SCROLL_THRESHOLD = 50;

/**
 * The top bar: only the logo (SPEC §2); transparent at the top of the page, solid with a shadow
 * once scrolled.
 */
export function LogoBar() {
  const t = useSharedT();
  const [scroll] = useWindowScroll();
  const isScrolled = scroll.y > LOGO_BAR_SCROLL_THRESHOLD;
  return (
    <Box
      component="header"
      data-scrolled={isScrolled || undefined}
      pos="sticky"
      top={0}
      style={{
        zIndex: 100,
        transition: 'background-color 200ms ease, box-shadow 200ms ease, border-color 200ms ease',
        backgroundColor: isScrolled ? 'rgba(255, 255, 255, 0.96)' : 'transparent',
        backdropFilter: isScrolled ? 'blur(8px)' : undefined,
        boxShadow: isScrolled ? '0 1px 12px rgba(16, 42, 67, 0.08)' : 'none',
        borderBottom: `1px solid ${isScrolled ? 'var(--mantine-color-gray-2)' : 'transparent'}`,
      }}
    >
      <Container size="lg" h={isScrolled ? 60 : 72} style={{ transition: 'height 200ms ease' }}>
        <Group h="100%" wrap="nowrap">
          <Anchor component={Link} to={paths.home} underline="never" aria-label={t('logoBar.home')}>
            <Logo size={isScrolled ? 30 : 34} />
          </Anchor>
        </Group>
      </Container>
    </Box>
  );
}
