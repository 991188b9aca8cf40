import { Box, Container, List, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingHospital, IconCheck, IconHeartHandshake } from '@tabler/icons-react';

const audiences = [
  {
    icon: IconBuildingHospital,
    title: 'For agencies',
    text: 'Cover last-minute call-outs without a phone tree.',
    points: [
      'Send a shift request to all your staff in one step',
      'See who accepted, clocked in and clocked out',
      'Keep a clear record of hours for every shift',
    ],
  },
  {
    icon: IconHeartHandshake,
    title: 'For caregivers',
    text: 'Pick up shifts from the employers you already work with.',
    points: [
      'Join your agency with its company code',
      'Get notified the moment a shift is posted',
      'Accept, clock in and clock out from the mobile app',
    ],
  },
];

export function AudienceSection() {
  return (
    <Box component="section" aria-labelledby="audience-title" py={{ base: 48, sm: 72 }} bg="white">
      <Container size="lg">
        <Title id="audience-title" order={2} ta="center" fz={{ base: 26, sm: 32 }} mb={8}>
          One shift, two sides, no gaps
        </Title>
        <Text c="dimmed" ta="center" maw={620} mx="auto" mb={40}>
          The agency dashboard and the staff app work together, so a request becomes a covered shift.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {audiences.map(({ icon: Icon, title, text, points }) => (
            <Paper key={title} withBorder radius="lg" p="xl">
              <ThemeIcon size={48} radius="md" variant="light" mb="md">
                <Icon size={26} aria-hidden="true" />
              </ThemeIcon>
              <Title order={3} fz={22} mb={6}>
                {title}
              </Title>
              <Text c="dimmed" mb="md">
                {text}
              </Text>
              <List
                spacing="xs"
                icon={
                  <ThemeIcon size={20} radius="xl" color="teal">
                    <IconCheck size={13} aria-hidden="true" />
                  </ThemeIcon>
                }
              >
                {points.map((point) => (
                  <List.Item key={point}>{point}</List.Item>
                ))}
              </List>
            </Paper>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
