import type { Location, NavigateFunction } from 'react-router';

/** Lets non-React code (the API client's session expiry) navigate; AppRoot keeps it current. */
export const appNavigation: { navigate: NavigateFunction | null; location: Location | null } = {
  navigate: null,
  location: null,
};
