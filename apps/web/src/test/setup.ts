import { configure } from '@testing-library/react';

// findBy* and waitFor give up after one second by default; on a loaded 2-core machine a lazy
// chunk or a first render can take longer, which failed tests that were right.
configure({ asyncUtilTimeout: 5000 });
