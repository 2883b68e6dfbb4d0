import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// Pages are lazy chunks and the CI machine is shared: give async queries room before failing.
configure({ asyncUtilTimeout: 5000 });

// Each test starts signed out with default preferences.
afterEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});
