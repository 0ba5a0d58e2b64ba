// Testing Library matchers and cleanup for component tests under jsdom.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor give up after 1 s by default. A screen whose code is split into lazy chunks needs those chunks
// transformed on first import, which on a loaded two-core machine took longer than that: the test then saw the
// loading screen and failed although nothing was wrong. The test timeout (vite.config.ts) still bounds each test.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
