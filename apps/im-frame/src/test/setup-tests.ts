import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// The CI machine is shared; give async UI assertions room without hiding real hangs.
configure({ asyncUtilTimeout: 4000 });
