// Component tests run beside the BFF's integration tests on two cores, where one render can take
// more than a second. Testing Library's default wait (1 s) then fails a test whose page is right,
// only late: waits get 5 s. What each test expects to see is unchanged.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
