import { STORAGE_KEYS } from '@rentora/shared';

export type ThemePreference = 'light' | 'dark';

/** The saved preference (default light). The shell is forced to light for now (spec 01 §4). */
export function readThemePreference(): ThemePreference {
  try {
    return localStorage.getItem(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

export function saveThemePreference(theme: ThemePreference): void {
  try {
    localStorage.setItem(STORAGE_KEYS.theme, theme);
  } catch {
    // private mode: not remembered
  }
}
