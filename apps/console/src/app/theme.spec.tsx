/** @jest-environment-options {"styles": "all"} */
// The console theme's colours that axe checks in both modes: a badge's count (small text) keeps WCAG's 4.5:1.
// Every style rule reaches jsdom here (the docblock): the spec reads drawn colours.
import { render, screen } from '@testing-library/react';
import Badge from '@mui/material/Badge';
import { ThemeProvider, getContrastRatio } from '@mui/material/styles';
import { createConsoleTheme } from './theme';

function badgeColours(mode: 'light' | 'dark') {
  render(
    <ThemeProvider theme={createConsoleTheme({ mode, size: 'default' })}>
      <Badge badgeContent={2} color="error" slotProps={{ badge: { 'data-testid': 'badge' } as object }}>
        <span>icon</span>
      </Badge>
    </ThemeProvider>,
  );
  const style = window.getComputedStyle(screen.getByTestId('badge'));
  return { background: style.backgroundColor, text: style.color };
}

describe('console theme', () => {
  it.each(['light', 'dark'] as const)('draws an error badge\'s count at 4.5:1 or more in %s mode', (mode) => {
    const { background, text } = badgeColours(mode);
    expect(getContrastRatio(text, background)).toBeGreaterThanOrEqual(4.5);
  });
});
