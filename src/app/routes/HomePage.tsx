import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { paths } from '../../config/paths.ts';

/** Placeholder landing until the public-pages issue builds the real one. */
export function HomePage() {
  return (
    <Container size="sm" py={80}>
      <Stack gap="lg" align="flex-start">
        <Title order={1}>CareCover</Title>
        <Text size="lg" c="dimmed">
          On-demand shift coverage for care agencies: post a shift, notify your frontline staff, follow it to
          completion.
        </Text>
        <Group>
          <Button component="a" href={paths.signup}>
            Get Access
          </Button>
          <Button component="a" href={paths.login} variant="default">
            Go to Account
          </Button>
        </Group>
        <Anchor href={paths.privacy} size="sm">
          Privacy policy
        </Anchor>
      </Stack>
    </Container>
  );
}
