import { Center, Loader } from '@mantine/core';

/** A page-level spinner with an accessible name, for route and session loading. */
export function CenteredLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-label={label}>
      <Loader aria-hidden="true" />
    </Center>
  );
}
