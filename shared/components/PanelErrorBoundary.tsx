import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useSharedT } from '../i18n/keys.ts';

interface PanelErrorBoundaryProps {
  /** What the panel is, for the message ('Shift Details', 'the coverage overview', …), in the person's language. */
  label: string;
  children: ReactNode;
  /**
   * The boundary starts over when this changes (a route boundary passes the path, so leaving a
   * broken page for another one shows that page, not the old error).
   */
  resetKey?: unknown;
}

interface PanelErrorBoundaryState {
  error: Error | null;
  resetKey: unknown;
}

/**
 * Keeps a failing panel from blanking the page: React unmounts the whole tree on an uncaught render
 * error, so each panel and route sits inside one of these, which shows the failure and a retry
 * (re-mounting the panel, which re-runs its loads) in the panel's place.
 */
export class PanelErrorBoundary extends Component<PanelErrorBoundaryProps, PanelErrorBoundaryState> {
  override state: PanelErrorBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<PanelErrorBoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(
    props: PanelErrorBoundaryProps,
    state: PanelErrorBoundaryState,
  ): Partial<PanelErrorBoundaryState> | null {
    return Object.is(props.resetKey, state.resetKey) ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // The developer's console keeps the component stack; the user sees the panel's message.
    console.warn(`[${this.props.label}] panel failed:`, error, info.componentStack);
  }

  private readonly retry = () => this.setState({ error: null });

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <PanelErrorAlert label={this.props.label} onRetry={this.retry} />;
  }
}

/** The failed panel's place: what failed and a retry, in the person's language. */
function PanelErrorAlert({ label, onRetry }: { label: string; onRetry: () => void }) {
  const t = useSharedT();
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertTriangle size={20} aria-hidden="true" />}
      title={t('panelError.title', { what: label })}
    >
      <Text size="sm" mb="sm">
        {t('panelError.help')}
      </Text>
      <Group gap="xs">
        <Button
          size="xs"
          variant="white"
          color="red"
          leftSection={<IconRefresh size={14} aria-hidden="true" />}
          onClick={onRetry}
        >
          {t('panelError.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
