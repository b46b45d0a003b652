import { createSlice } from '@reduxjs/toolkit';
import { loggedOut } from '../authEvents';

/** Whether this tab's live stream is down: a try to open it failed, and none has succeeded since. */
export interface LiveState {
  down: boolean;
}

export const liveSlice = createSlice({
  name: 'live',
  initialState: { down: false } as LiveState,
  reducers: {
    liveOpened(state) {
      state.down = false;
    },
    liveOpenFailed(state) {
      state.down = true;
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => ({ down: false })),
});

export const { liveOpened, liveOpenFailed } = liveSlice.actions;

export type WithLive = { live: LiveState };
/** The header says so: what other devices change does not show here until it is back. */
export const selectLiveDown = (state: WithLive) => state.live.down;
