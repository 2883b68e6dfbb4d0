// The console's MUI theme from the merchant's choices: light or dark, and the layout size (§9),
// which sets the size every MUI control is drawn at and the base font size.
import { createTheme, type Theme } from '@mui/material/styles';
import type { LayoutSize, ThemeMode } from '../layout/preferences';

interface SizeScale {
  /** MUI's own control size. */
  control: 'medium' | 'small';
  fontSize: number;
  spacing: number;
}

/** Element-style sizes mapped onto MUI: "default" is the roomiest, "mini" the densest. */
export const SIZE_SCALES: Record<LayoutSize, SizeScale> = {
  default: { control: 'medium', fontSize: 15, spacing: 8 },
  medium: { control: 'medium', fontSize: 14, spacing: 8 },
  small: { control: 'small', fontSize: 13, spacing: 7 },
  mini: { control: 'small', fontSize: 12, spacing: 6 },
};

const FONT_FAMILY = '"Helvetica Neue", Helvetica, "PingFang SC", "Microsoft YaHei", Arial, sans-serif';

export function createConsoleTheme({ mode, size }: { mode: ThemeMode; size: LayoutSize }): Theme {
  const scale = SIZE_SCALES[size];
  const sized = { defaultProps: { size: scale.control } };
  return createTheme({
    palette: { mode, primary: { main: mode === 'dark' ? '#6ea8fe' : '#1f6feb' } },
    spacing: scale.spacing,
    typography: { fontFamily: FONT_FAMILY, fontSize: scale.fontSize },
    components: {
      // A focus ring that is clearly visible on every control reached by keyboard (WCAG 2.4.7).
      MuiButtonBase: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-focusVisible': { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
          }),
        },
      },
      // A count on a badge is small text: white on the dark palette's error.main (#f44336) is 3.7:1, under WCAG's
      // 4.5:1 (axe, a fresh-clone run with unread messages in dark mode); its error.dark keeps it above.
      MuiBadge: {
        styleOverrides: {
          colorError: ({ theme }) => (theme.palette.mode === 'dark' ? { backgroundColor: theme.palette.error.dark, color: theme.palette.common.white } : {}),
        },
      },
      MuiButton: sized,
      MuiIconButton: sized,
      MuiTextField: sized,
      MuiFormControl: sized,
      MuiSelect: sized,
      MuiInputBase: sized,
      MuiChip: sized,
      MuiToggleButtonGroup: sized,
      MuiTable: sized,
      MuiCheckbox: sized,
      MuiRadio: sized,
      MuiSwitch: sized,
      MuiFab: sized,
      MuiPagination: sized,
    },
  });
}
