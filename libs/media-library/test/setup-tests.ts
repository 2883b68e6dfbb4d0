import '@testing-library/jest-dom';
import { configure } from '@testing-library/dom';
import { TextDecoder, TextEncoder } from 'node:util';

// Two cores shared by many processes: give findBy/waitFor more than the 1 s default before failing.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks these Node globals; react-router (via ui-kit's table) and MUI X need them.
Object.assign(globalThis, { TextEncoder: globalThis.TextEncoder ?? TextEncoder, TextDecoder: globalThis.TextDecoder ?? TextDecoder });
