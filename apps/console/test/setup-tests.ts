import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { insertOnlyWhatJsdomActsOn } from './jsdomStyles';

declare global {
  // Set by test/jsdom-environment.cjs from the spec's docblock.
  var __ALL_STYLES__: boolean | undefined;
}
if (!globalThis.__ALL_STYLES__) insertOnlyWhatJsdomActsOn();

// Pages are lazy chunks and the CI machine is shared: give async queries room before failing.
configure({ asyncUtilTimeout: 5000 });

// Each test starts signed out with default preferences.
afterEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});
