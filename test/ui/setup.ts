import '@testing-library/jest-dom';
import { server } from './server';

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

afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
  const calls = unhandled.splice(0);
  if (calls.length > 0) throw new Error(`Unhandled requests: ${calls.join(', ')}`);
});

afterAll(() => {
  server.close();
});
