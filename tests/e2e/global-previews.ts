/**
 * One `vite preview` of each built app for the whole browser run, shared by every file: a preview
 * serves the same files to any number of pages, and starting one per file (node, Vite, its config)
 * cost each file a second or two of the two cores the browsers need.
 */
import type { TestProject } from 'vitest/node';
import { servePreview } from '../support/browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built dashboard (dist/), served for the whole run. */
    dashboardPreviewUrl: string;
    /** The built staff app (dist-staff/), served for the whole run. */
    staffPreviewUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [dashboard, staff] = await Promise.all([servePreview('dashboard'), servePreview('staff')]);
  project.provide('dashboardPreviewUrl', dashboard.url);
  project.provide('staffPreviewUrl', staff.url);
  return async () => {
    await Promise.all([dashboard.stop(), staff.stop()]);
  };
}
