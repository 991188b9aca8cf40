import { Box, Container, List, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingHospital, IconCheck, IconHeartHandshake } from '@tabler/icons-react';
import { useT } from '../../../i18n/use-t.ts';

const audiences = [
  {
    icon: IconBuildingHospital,
    title: 'landing.audience.agencies.title',
    text: 'landing.audience.agencies.text',
    points: [
      'landing.audience.agencies.point1',
      'landing.audience.agencies.point2',
      'landing.audience.agencies.point3',
    ],
  },
  {
    icon: IconHeartHandshake,
    title: 'landing.audience.caregivers.title',
    text: 'landing.audience.caregivers.text',
    points: [
      'landing.audience.caregivers.point1',
      'landing.audience.caregivers.point2',
      'landing.audience.caregivers.point3',
    ],
  },
] as const;

export function AudienceSection() {
  const t = useT();
  return (
    <Box component="section" aria-labelledby="audience-title" py={{ base: 48, sm: 72 }} bg="white">
      <Container size="lg">
        <Title id="audience-title" order={2} ta="center" fz={{ base: 26, sm: 32 }} mb={8}>
          {t('landing.audience.title')}
        </Title>
        <Text c="dimmed" ta="center" maw={620} mx="auto" mb={40}>
          {t('landing.audience.text')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {audiences.map(({ icon: Icon, title, text, points }) => (
            <Paper key={title} withBorder radius="lg" p="xl">
              <ThemeIcon size={48} radius="md" variant="light" mb="md">
                <Icon size={26} aria-hidden="true" />
              </ThemeIcon>
              <Title order={3} fz={22} mb={6}>
                {t(title)}
              </Title>
              <Text c="dimmed" mb="md">
                {t(text)}
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
                  <List.Item key={point}>{t(point)}</List.Item>
                ))}
              </List>
            </Paper>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
