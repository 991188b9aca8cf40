import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { theme } from './theme.ts';
import { HomePage } from './routes/HomePage.tsx';

export function App() {
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-center" autoClose={7000} />
      <BrowserRouter>
        <Routes>
          <Route path="/" element={<HomePage />} />
        </Routes>
      </BrowserRouter>
    </MantineProvider>
  );
}
