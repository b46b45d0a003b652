import { setupServer } from 'msw/node';
import { quietLiveStream } from './liveFixtures';

/**
 * One msw server for every UI test; each test declares the calls it expects with `server.use`. Signed in, the app
 * keeps the live stream open: by default it is answered and stays quiet.
 */
export const server = setupServer(quietLiveStream());
