import '@testing-library/jest-dom';
import { configure } from '@testing-library/dom';

// Two cores shared by many processes: give findBy/waitFor more than the 1 s default before failing.
configure({ asyncUtilTimeout: 10_000 });
