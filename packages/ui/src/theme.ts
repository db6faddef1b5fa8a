import { createGlobalStyle } from 'styled-components';

/** The one theme of the product: a dark, night-sky palette with teal and yellow accents. */
export const theme = {
  colors: {
    background: '#070b17',
    surface: '#0f1629',
    surfaceRaised: '#16203a',
    border: '#26324f',
    text: '#e6ecff',
    muted: '#9aa7c7',
    primary: '#2dd4bf',
    primaryText: '#04201c',
    accent: '#818cf8',
    teal: '#14b8a6',
    yellow: '#facc15',
    green: '#22c55e',
    // Light enough for small badge text on a surface (4.5:1 and more).
    blue: '#60a5fa',
    gray: '#9ca3af',
    danger: '#f87171',
  },
  radius: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  space: (n: number) => `${n * 0.25}rem`,
  font: {
    body: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    heading: "'Space Grotesk', 'Inter', system-ui, sans-serif",
  },
  breakpoints: { md: '768px', lg: '1024px' },
  shadow: '0 10px 30px rgba(0, 0, 0, 0.35)',
} as const;

export type Theme = typeof theme;

declare module 'styled-components' {
  export interface DefaultTheme extends Theme {}
}

/** Media query helper: styles for screens at least this wide. */
export const above = (bp: keyof Theme['breakpoints']) =>
  `@media (min-width: ${theme.breakpoints[bp]})`;
/** Styles for screens narrower than the breakpoint. */
export const below = (bp: keyof Theme['breakpoints']) =>
  `@media (max-width: calc(${theme.breakpoints[bp]} - 1px))`;

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; }
  body {
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font-family: ${({ theme }) => theme.font.body};
    line-height: 1.55;
    -webkit-font-smoothing: antialiased;
  }
  h1, h2, h3, h4 { font-family: ${({ theme }) => theme.font.heading}; line-height: 1.2; margin: 0 0 0.5em; }
  a { color: ${({ theme }) => theme.colors.primary}; }
  button, input, textarea, select { font: inherit; }
  :focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 2px; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`;
