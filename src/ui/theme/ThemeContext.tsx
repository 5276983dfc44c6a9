import { createContext, useContext, type ReactNode } from 'react';
import { FALLBACK_THEME } from './fallbackTheme.js';
import type { Theme } from './tokens.js';

const ThemeContext = createContext<Theme>(FALLBACK_THEME);

export function ThemeProvider({ theme, children }: { theme: Theme; children?: ReactNode }) {
  return <ThemeContext.Provider value={theme}>{children}</ThemeContext.Provider>;
}

/** The active theme; the attribute-only fallback when no provider is mounted. */
export function useTheme(): Theme {
  return useContext(ThemeContext);
}
