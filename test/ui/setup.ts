import '@testing-library/jest-dom';
import { act, configure } from '@testing-library/react';
import { stopOutbox } from '../../src/features/slot/outbox/outboxSync';
import { setLanguage } from '../../src/services/i18n/language';
import { server } from './server';

// findBy/waitFor wait up to 5 s rather than 1 s, 15 s on CI. One step of a DataGrid or date-picker page takes
// seconds on a busy 2-core machine: jsdom computes styles for the role queries against every rule MUI has put in the
// document. A passing assertion still returns as soon as it holds; a failing one only reports later.
configure({ asyncUtilTimeout: process.env.CI ? 15_000 : 5_000 });

// 'error' alone only logs and makes fetch fail, which RTK Query turns into an error state a test might not
// notice; recording the request makes any unexpected call fail the test that made it.
const unhandled: string[] = [];

beforeAll(() => {
  server.listen({
    onUnhandledRequest(request, print) {
      unhandled.push(`${request.method} ${request.url}`);
      print.error();
    },
  });
});

// The fixtures' company is an established one: its setup checklist is done (test/ui/setupChecklist.test.tsx
// starts from a new company).
beforeEach(() => {
  localStorage.setItem('tourdesk:setup:company-1', 'done');
});

afterEach(async () => {
  // The outbox's sender outlives a render (it belongs to the signed-in member): each test starts its own.
  stopOutbox();
  await act(() => setLanguage('en'));
  server.resetHandlers();
  localStorage.clear();
  const calls = unhandled.splice(0);
  if (calls.length > 0) throw new Error(`Unhandled requests: ${calls.join(', ')}`);
});

afterAll(() => {
  server.close();
});
