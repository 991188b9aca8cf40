import { useId } from 'react';
import { Group, Text } from '@mantine/core';

/** The brand's name, the same in every language: its two halves take two colours. */
const WORDMARK = ['Care', 'Cover'] as const;

interface LogoProps {
  /** Height of the mark in pixels. */
  size?: number;
  /** Show the CareCover word mark next to the symbol. */
  withWordmark?: boolean;
}

/** CareCover's mark: a heart held by a shield of shift coverage, with a check for "verified". */
export function Logo({ size = 32, withWordmark = true }: LogoProps) {
  const gradientId = useId();
  return (
    <Group gap={10} wrap="nowrap" component="span">
      <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#12b886" />
            <stop offset="1" stopColor="#0b7285" />
          </linearGradient>
        </defs>
        <rect width="48" height="48" rx="12" fill={`url(#${gradientId})`} />
        <path
          d="M24 38.5s-12.5-7.4-12.5-16.4a6.9 6.9 0 0 1 12.5-4.1 6.9 6.9 0 0 1 12.5 4.1c0 9-12.5 16.4-12.5 16.4z"
          fill="#fff"
        />
        <path
          d="M18.6 24.6l3.9 3.9 7.2-7.6"
          fill="none"
          stroke="#0b7285"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {withWordmark && (
        <Text component="span" fw={800} fz={size * 0.62} lh={1} c="dark.8" style={{ letterSpacing: '-0.02em' }}>
          {WORDMARK[0]}
          <span style={{ color: 'var(--mantine-color-teal-8)' }}>{WORDMARK[1]}</span>
        </Text>
      )}
    </Group>
  );
}
