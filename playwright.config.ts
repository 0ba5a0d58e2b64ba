// End-to-end tests in real Chromium against the server started the way `npm start` starts it.
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3499);
const executablePath = process.env.CHROMIUM_PATH || undefined;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'npm start',
    url: `http://127.0.0.1:${port}/api/v1/info`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      KEYFLOW_DATA_DIR: '.tmp/e2e-data',
      KEYFLOW_RATE_LIMIT: '0',
      // One line per request would bury the test report; warnings and errors still show.
      KEYFLOW_LOG_LEVEL: 'warn',
      KEYFLOW_JWT_SECRET: 'e2e-secret-not-for-production',
      // The OpenID redirect must come back to the origin the tests browse (the state is kept in its storage).
      KEYFLOW_PUBLIC_URL: `http://127.0.0.1:${port}/`,
      // A real provider (tests/e2e/oidcProvider.ts) that openid.spec.ts starts on 3498; local login stays on.
      KEYFLOW_OPENID_PROVIDERS: JSON.stringify([
        {
          key: 'local',
          name: 'Local OIDC',
          authUrl: 'http://127.0.0.1:3498/auth',
          issuer: 'http://127.0.0.1:3498',
          logoutUrl: 'http://127.0.0.1:3498/session/end',
          clientId: 'keyflow-e2e',
          clientSecret: 'keyflow-e2e-client-secret',
        },
      ]),
    },
  },
});
