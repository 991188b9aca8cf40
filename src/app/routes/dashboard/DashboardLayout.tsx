import { requestNotificationsHost } from '@shared/components/DeferredNotifications.tsx';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  AppShell,
  Badge,
  Burger,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDisclosure, useWindowScroll } from '@mantine/hooks';
import { IconSparkles } from '@tabler/icons-react';
import { PanelErrorBoundary } from '@shared/components/PanelErrorBoundary.tsx';
import { Logo } from '@shared/components/Logo.tsx';
import { LOGO_BAR_SCROLL_THRESHOLD } from '@shared/components/LogoBar.tsx';
import { dashboardPaths } from '@shared/config/dashboard-paths.ts';
import { paths } from '@shared/config/paths.ts';
import { Link, NavLink as RouterNavLink, useLocation } from '@shared/lib/router.tsx';
import type { Company } from '../../../features/company/api/fetch-company.ts';
import { saveCompanyLocale } from '../../../features/company/api/save-company-locale.ts';
import { LocaleDatesProvider } from '@shared/i18n/LocaleDatesProvider.tsx';
import { useLocale } from '@shared/i18n/LocaleProvider.tsx';
import type { Locale } from '@shared/i18n/locale.ts';
import { useFollowLocale } from '@shared/i18n/use-follow-locale.tsx';
import { showError } from '@shared/lib/toast.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useCheckoutWelcome } from '../../../features/billing/hooks/use-checkout-welcome.ts';
import { shouldPromptPremium } from '../../../features/billing/plans.ts';
import { useLateShiftCount } from '../../../features/shifts/hooks/use-late-shift-count.ts';
import { useFirstVisitTutorial } from '../../../features/tutorial/hooks/use-first-visit-tutorial.ts';
import { useUnfilledAlerts } from '../../../features/shifts/hooks/use-unfilled-alerts.ts';
import { DashboardContext, type DashboardContextValue } from './dashboard-context.ts';
import type { OverlayName } from './overlay-names.ts';
import { chatPanel as ChatPanel, overlays } from './overlays.tsx';
import { PlanStatus } from './PlanStatus.tsx';
import { ProfileMenu } from './ProfileMenu.tsx';
import { sections } from './sections.tsx';
import { FREE_SHIFT_LIMIT } from '@shared/config/plan-limits.ts';

/** SPEC §4/§9: the chat panel's closing animation; the panel is unmounted once it has played. */
export const CHAT_CLOSE_MS = 220;

interface DashboardLayoutProps {
  company: Company | null;
  /** 'No user data found' or 'Failed to load user data' (translated), shown instead of the section. */
  loadError: string | null;
  /** The section at the address. */
  children: ReactNode;
}

const isRegistered = (name: OverlayName): boolean => overlays[name] !== undefined;
/** The assistant button names itself (aria-label) for keyboard and screen-reader users. */
const TOOLTIP_ON_HOVER = { hover: true, focus: false, touch: false };

/** The dashboard shell: header with the profile menu, the sidebar and the greeting above the section. */
export function DashboardLayout({ company, loadError, children }: DashboardLayoutProps) {
  const location = useLocation();
  const t = useT();
  const { locale, setLocale } = useLocale();
  // The agency user's stored language wins over the browser's, and follows their other sessions.
  useFollowLocale(company?.locale);
  const changeLocale = async (next: Locale) => {
    if (!company) return;
    const previous = locale;
    await setLocale(next);
    try {
      await saveCompanyLocale(company.id, next);
    } catch {
      await setLocale(previous);
      showError(t('profile.languageNotSaved'));
    }
  };
  const [isNavOpen, nav] = useDisclosure(false);
  const [isChatOpen, chat] = useDisclosure(false);
  const [isChatClosing, setIsChatClosing] = useState(false);
  const chatButtonRef = useRef<HTMLButtonElement>(null);
  const chatAsideRef = useRef<HTMLElement>(null);
  const closeChat = useCallback(() => setIsChatClosing(true), []);
  const removeChat = chat.close;
  const toggleChat = () => {
    if (isChatOpen && !isChatClosing) return closeChat();
    setIsChatClosing(false);
    chat.open();
  };
  useEffect(() => {
    if (!isChatClosing) return;
    const timer = window.setTimeout(() => {
      // Focus inside the panel would fall to the page once it is gone: hand it to the sparkle button.
      const hadFocus = chatAsideRef.current?.contains(document.activeElement) ?? false;
      setIsChatClosing(false);
      removeChat();
      if (hadFocus) chatButtonRef.current?.focus();
    }, CHAT_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [isChatClosing, removeChat]);
  const [openName, setOpenName] = useState<OverlayName | null>(null);
  // Like the public pages' logo bar, the header gains a shadow once the page is scrolled (SPEC §2).
  const [scroll] = useWindowScroll();
  const isScrolled = scroll.y > LOGO_BAR_SCROLL_THRESHOLD;
  const openOverlay = useCallback((name: OverlayName) => {
    if (isRegistered(name)) setOpenName(name);
  }, []);

  // Every dashboard action ends in a toast: mount the toast host now, not on the first toast.
  useEffect(() => {
    requestNotificationsHost();
  }, []);

  const isPremium = company?.premium ?? false;
  // Back from checkout (?success=true): greet once; no prompt while the payment's webhook lands.
  const hasJustPaid = useCheckoutWelcome();
  const hasReachedFreeLimit = !hasJustPaid && shouldPromptPremium(company);
  const hasPrompted = useRef(false);
  useEffect(() => {
    if (hasReachedFreeLimit && !hasPrompted.current) {
      hasPrompted.current = true;
      openOverlay('pricing');
    }
  }, [hasReachedFreeLimit, openOverlay]);

  // Issue 10: the tutorial offers itself once per company, on its first visit after onboarding (the
  // database records the visit, so another browser does not offer it again).
  useFirstVisitTutorial(company?.id, () => openOverlay('tutorial'));

  // Issue 28: an open shift that reaches its start with nobody assigned is the scheduler's to act on.
  useUnfilledAlerts(company?.id, company?.time_zone);
  // Issue 28: workers late for their shift are flagged on the Shift Details link from any section.
  const lateCount = useLateShiftCount(company?.id);

  const context = useMemo<DashboardContextValue | null>(
    () => (company ? { company, openOverlay, isOverlayRegistered: isRegistered } : null),
    [company, openOverlay],
  );
  const Overlay = openName ? overlays[openName] : undefined;
  const showChat = ChatPanel != null && company != null && isChatOpen;

  return (
    <LocaleDatesProvider>
      <AppShell
        header={{ height: 64 }}
        navbar={{ width: 248, breakpoint: 'md', collapsed: { mobile: !isNavOpen } }}
        aside={showChat ? { width: 380, breakpoint: 'md' } : undefined}
        padding={{ base: 'md', sm: 'lg' }}
        bg="gray.0"
      >
        <AppShell.Header
          data-scrolled={isScrolled || undefined}
          style={{
            boxShadow: isScrolled ? '0 1px 12px rgba(16, 42, 67, 0.08)' : 'none',
            transition: 'box-shadow 200ms ease',
          }}
        >
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={isNavOpen}
                onClick={nav.toggle}
                hiddenFrom="md"
                size="sm"
                aria-label={isNavOpen ? t('shell.closeNavigation') : t('shell.openNavigation')}
              />
              <Anchor component={Link} to={paths.dashboardShiftCall} underline="never" aria-label={t('shell.home')}>
                <Logo size={30} />
              </Anchor>
            </Group>
            <Group gap="xs" wrap="nowrap">
              {ChatPanel != null && company != null && (
                // Only while the panel is shut, and only on hover: the tooltip stayed over the open
                // panel, and came back when focus returned to the button as the panel closed.
                <Tooltip label={t('shell.assistant')} events={TOOLTIP_ON_HOVER} disabled={isChatOpen && !isChatClosing}>
                  <ActionIcon
                    ref={chatButtonRef}
                    variant={isChatOpen && !isChatClosing ? 'filled' : 'light'}
                    size="lg"
                    radius="xl"
                    onClick={toggleChat}
                    aria-label={isChatOpen && !isChatClosing ? t('shell.closeAssistant') : t('shell.openAssistant')}
                    aria-pressed={isChatOpen && !isChatClosing}
                  >
                    <IconSparkles size={20} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
              )}
              <ProfileMenu
                companyName={company?.company_name}
                onOpenOverlay={openOverlay}
                isRegistered={isRegistered}
                onChangeLocale={(next) => void changeLocale(next)}
              />
            </Group>
          </Group>
        </AppShell.Header>

        <AppShell.Navbar p="md" aria-label={t('nav.dashboard')}>
          <AppShell.Section grow component={ScrollArea}>
            <Stack gap={4} component="nav" aria-label={t('nav.sections')}>
              {sections.map(({ path, nav: link }) =>
                link ? (
                  <NavLink
                    key={path}
                    component={RouterNavLink}
                    to={path}
                    // View Staff Shift is part of Staff List: its link stays current there.
                    active={sections.some((s) => s.under === path && location.pathname.startsWith(s.path)) || undefined}
                    label={t(link.label)}
                    rightSection={
                      path === dashboardPaths.shiftInfo && lateCount > 0 ? (
                        // Part of the link's name ('Shift Details 2'), as it reads on screen; the
                        // link's description says what the number counts.
                        <Badge color="red.9" size="md" circle data-testid="late-count">
                          {lateCount}
                        </Badge>
                      ) : undefined
                    }
                    aria-describedby={
                      path === dashboardPaths.shiftInfo && lateCount > 0 ? 'late-count-description' : undefined
                    }
                    leftSection={<link.icon size={20} stroke={1.75} aria-hidden="true" />}
                    onClick={nav.close}
                    variant="light"
                    styles={{ root: { borderRadius: 'var(--mantine-radius-md)' }, label: { fontWeight: 600 } }}
                  />
                ) : null,
              )}
            </Stack>
            {lateCount > 0 && (
              <span id="late-count-description" hidden>
                {t('shell.lateCount', { count: lateCount })}
              </span>
            )}
          </AppShell.Section>
          {company != null && (
            <AppShell.Section pt="md">
              <PlanStatus
                isPremium={isPremium}
                freeShiftsUsed={company.free_shifts_used}
                freeShiftLimit={FREE_SHIFT_LIMIT}
                onGetPremium={() => openOverlay('pricing')}
              />
            </AppShell.Section>
          )}
        </AppShell.Navbar>

        <AppShell.Main data-chat-open={(showChat && !isChatClosing) || undefined}>
          <Stack gap="lg" maw={1400} mx="auto">
            <Title order={1} fz={{ base: 26, sm: 30 }}>
              {t('dashboard.hello', { name: company?.company_name?.trim() || t('account.defaultName') })}
            </Title>
            {loadError || !context ? (
              <Alert color="red" variant="light" role="alert" title={loadError ?? t('account.noData')} />
            ) : (
              <DashboardContext.Provider value={context}>
                <PanelErrorBoundary label={t('shell.panel.page')} resetKey={location.pathname}>
                  {children}
                </PanelErrorBoundary>
              </DashboardContext.Provider>
            )}
          </Stack>
        </AppShell.Main>

        {showChat && ChatPanel && company && (
          <AppShell.Aside
            ref={chatAsideRef}
            aria-label={t('shell.assistant')}
            data-closing={isChatClosing || undefined}
            style={{
              transition: `transform ${CHAT_CLOSE_MS}ms ease-in, opacity ${CHAT_CLOSE_MS}ms ease-in`,
              ...(isChatClosing && { transform: 'translateX(100%)', opacity: 0 }),
            }}
          >
            <PanelErrorBoundary label={t('shell.panel.assistant')}>
              <ChatPanel company={company} onClose={closeChat} onGoPremium={() => openOverlay('upsell')} />
            </PanelErrorBoundary>
          </AppShell.Aside>
        )}
        {Overlay && company && (
          <PanelErrorBoundary label={t('shell.panel.window')} resetKey={openName}>
            <Overlay company={company} onClose={() => setOpenName(null)} />
          </PanelErrorBoundary>
        )}
      </AppShell>
    </LocaleDatesProvider>
  );
}
