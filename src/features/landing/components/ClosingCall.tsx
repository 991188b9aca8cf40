import { Box, Button, Container, Group, Paper, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '@shared/config/paths.ts';

export function ClosingCall() {
  return (
    <Box component="section" aria-labelledby="closing-title" py={{ base: 48, sm: 72 }} bg="gray.0">
      <Container size="md">
        <Paper radius="lg" p={{ base: 'xl', sm: 48 }} ta="center" withBorder>
          <Title id="closing-title" order={2} fz={{ base: 24, sm: 30 }} mb="sm">
            Ready to cover your next shift?
          </Title>
          <Text c="dimmed" mb="xl" maw={520} mx="auto">
            Create your agency account, share your company code with your staff and post your first shift today.
          </Text>
          <Group justify="center">
            <Button component={Link} to={paths.signup} size="md">
              Create an agency account
            </Button>
          </Group>
        </Paper>
      </Container>
    </Box>
  );
}
