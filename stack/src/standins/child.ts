/** The gateway starts the stand-ins' process (standins/process.ts) on `config.standinsPort`. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServiceProcess, type ServiceProcess } from '../gateway/service-process.ts';

const ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'process.ts');

export function startStandinsProcess(): Promise<ServiceProcess> {
  return startServiceProcess('stand-ins', ENTRY);
}
