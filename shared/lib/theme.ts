import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * A deeper teal than Mantine's default, so white text on filled buttons (shade 7, #0f766e, 5.5:1)
 * and teal links on white meet WCAG AA contrast.
 */
const teal: MantineColorsTuple = [
  '#f0fdfa',
  '#ccfbf1',
  '#99f6e4',
  '#5eead4',
  '#2dd4bf',
  '#14b8a6',
  '#0d9488',
  '#0f766e',
  '#115e59',
  '#134e4a',
];

export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: 7,
  colors: { teal },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: {
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontWeight: '750',
  },
  defaultRadius: 'md',
  // Transitions follow the system's reduced-motion setting (shared/styles/reduced-motion.css does the rest).
  respectReducedMotion: true,
  components: {
    // Field errors are announced when they appear, not only linked by aria-describedby.
    InputWrapper: { defaultProps: { errorProps: { role: 'alert' } } },
    // The placeholder Mantine puts first in a menu to hold focus is a focusable role="presentation"
    // div, which axe rejects inside role="menu" (aria-required-children, critical). Without it an
    // opened menu focuses its first item, as the WAI-ARIA menu button pattern describes.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A toast's message under its title is gray 6 (3.3:1 on white); gray 7 passes AA.
    Notification: { styles: { description: { color: 'var(--mantine-color-gray-7)' } } },
    // A light alert's title takes the alert's colour at shade 6 (yellow is 1.9:1 on its tint): titles
    // read in the body colour, the tint and the icon carry the alert's colour.
    Alert: { styles: { title: { color: 'var(--mantine-color-dark-7)' } } },
    // Mantine's modal close button is an unlabelled icon.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});

/** Mantine's dimmed text (gray 6) is 3.3:1 on white; gray 7 reads as secondary and passes AA. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Red 6 error text is 3.6:1 on white; red 9 is 5.6:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
