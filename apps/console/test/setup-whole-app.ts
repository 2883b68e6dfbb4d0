import { configure } from '@testing-library/react';

// Whole-app renders (jest.app.config.cjs) load each page as a lazy chunk that jest transforms on first import,
// beside the integration suites on a shared two-core machine: a first page took over 5 s there (a fresh-clone run,
// 2026-12-07). Waiting longer changes nothing for a passing spec; a failing one fails later.
configure({ asyncUtilTimeout: 20_000 });
