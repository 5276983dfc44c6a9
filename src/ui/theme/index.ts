export * from './tokens.js';
export * from './colorLevel.js';
export * from './downgrade.js';
export * from './themeFile.js';
export * from './fallbackTheme.js';
export * from './loadTheme.js';
export * from './ThemeContext.js';
export * from './applyColorLevel.js';
