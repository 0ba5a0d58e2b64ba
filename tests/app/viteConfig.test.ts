// @vitest-environment node
// The build configuration loads without warnings, so `vite build` prints only what it built.
import path from 'node:path';
import { createLogger, loadConfigFromFile } from 'vite';
import { expect, it } from 'vitest';

it('loads vite.config.ts without a config-loader warning', async () => {
  const warnings: string[] = [];
  const logger = createLogger('warn', { allowClearScreen: false });
  logger.warn = (msg) => void warnings.push(msg);
  logger.warnOnce = (msg) => void warnings.push(msg);
  const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, path.resolve('vite.config.ts'), undefined, 'warn', logger);
  expect(loaded?.config.plugins?.length).toBeGreaterThan(0);
  expect(warnings).toEqual([]);
});
