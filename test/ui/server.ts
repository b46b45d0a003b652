import { setupServer } from 'msw/node';

/** One msw server for every UI test; each test declares the calls it expects with `server.use`. */
export const server = setupServer();
