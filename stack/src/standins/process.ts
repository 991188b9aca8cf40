/**
 * The stand-ins for outside services (Google, Expo, Web Push, Stripe, the models) in a process of
 * their own: in production they are other companies' servers, and in the gateway's process their
 * work (a geocode, a push) waited in the same event loop as the requests that called them.
 */
import { serveAsChild } from '../gateway/service-process.ts';
import { startStandins } from './server.ts';

const standins = await startStandins();
serveAsChild(Number(new URL(standins.url).port), () => standins.close());
