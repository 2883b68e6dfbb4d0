// Language switch (zh-CN / en-US); the choice persists through the i18n instance (app/i18n.ts).
// The platform's own <select>: keyboard and screen readers know it, and the sign-in page loads
// none of MUI's select or menu code for it (docs/performance.md).
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { SUPPORTED_LANGUAGES, isConsoleLanguage } from '../app/i18n';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = isConsoleLanguage(i18n.language) ? i18n.language : SUPPORTED_LANGUAGES[0];
  return (
    <Box
      component="select"
      value={current}
      onChange={(event) => void i18n.changeLanguage((event.target as HTMLSelectElement).value)}
      aria-label={t('layout.language')}
      data-testid="language-switch"
      sx={{
        font: 'inherit',
        fontSize: 14,
        color: 'text.primary',
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        px: 1,
        py: 0.5,
        cursor: 'pointer',
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {SUPPORTED_LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {t(`layout.languages.${language}`)}
        </option>
      ))}
    </Box>
  );
}
